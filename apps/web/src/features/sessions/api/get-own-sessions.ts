import { OwnSessionsSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const ownSessionsKey = ['person', 'sessions'] as const;

export function useOwnSessions() {
  return useQuery({
    queryKey: ownSessionsKey,
    queryFn: ({ signal }) => get('/api/person/sessions', { schema: OwnSessionsSchema, signal }),
  });
}
