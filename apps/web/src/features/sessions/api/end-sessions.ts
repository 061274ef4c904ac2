import { EndedSessionsSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del, post } from '../../../lib/http';
import { ownSessionsKey } from './get-own-sessions';

/** Ends one session of one's own, or (without an id) every one but this. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number | 'others') =>
      sessionId === 'others'
        ? post('/api/person/sessions/end_others', {}, { schema: EndedSessionsSchema })
        : del(`/api/person/sessions/${sessionId}`, { schema: EndedSessionsSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownSessionsKey }),
  });
}
