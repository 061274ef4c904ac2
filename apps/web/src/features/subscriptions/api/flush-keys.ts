import { FlushKeysResultSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { machinesKey } from './get-machines';

export const flushKeys = (subscriptionId: number) =>
  get(`/api/subscription/${subscriptionId}/flush-keys`, { schema: FlushKeysResultSchema });

/** Flush Keys releases every machine: the License section's list is read again. */
export function useFlushKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: flushKeys,
    onSuccess: (_data, subscriptionId) =>
      queryClient.invalidateQueries({ queryKey: machinesKey(subscriptionId) }),
  });
}
