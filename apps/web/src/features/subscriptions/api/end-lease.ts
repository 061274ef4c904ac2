import { EndedLeaseSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { leasesKey } from './get-leases';

export const endLease = ({ subscriptionId, leaseId }: { subscriptionId: number; leaseId: string }) =>
  del(`/api/subscription/${subscriptionId}/leases/${leaseId}`, { schema: EndedLeaseSchema });

/** End one engine's lease: its seat is free at once, so the list is read again. */
export function useEndLease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endLease,
    onSettled: (_data, _error, { subscriptionId }) =>
      queryClient.invalidateQueries({ queryKey: leasesKey(subscriptionId) }),
  });
}
