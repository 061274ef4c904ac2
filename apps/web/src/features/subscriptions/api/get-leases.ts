import { LeaseListSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const leasesKey = (subscriptionId: number) => ['subscription', subscriptionId, 'leases'] as const;

export const getLeases = (subscriptionId: number, signal?: AbortSignal) =>
  get(`/api/subscription/${subscriptionId}/leases`, { schema: LeaseListSchema, signal });

/**
 * A floating license's live leases (docs/decisions/034). Leases end by themselves as the clock moves,
 * so the list is read again every half minute while it is shown.
 */
export function useLeases(subscriptionId: number) {
  return useQuery(
    queryOptions({
      queryKey: leasesKey(subscriptionId),
      queryFn: ({ signal }) => getLeases(subscriptionId, signal),
      refetchInterval: 30_000,
    }),
  );
}
