import { OpsDisputeFilter, OpsDisputeListSchema } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

export const DISPUTE_FILTERS = OpsDisputeFilter;
export type DisputeFilter = OpsDisputeFilter;

/** GET /api/ops/disputes: open, closed or all disputes, or one bill's (`orderId`). */
export const getDisputes = (
  query: { filter: DisputeFilter; page?: number; orderId?: number },
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ filter: query.filter, page: String(query.page ?? 1) });
  if (query.orderId !== undefined) params.set('orderId', String(query.orderId));
  return get(`/api/ops/disputes?${params}`, { schema: OpsDisputeListSchema, signal });
};

export function useDisputes(filter: DisputeFilter, page: number) {
  return useQuery({
    queryKey: [...opsKeys.disputes, 'list', filter, page],
    queryFn: ({ signal }) => getDisputes({ filter, page }, signal),
    placeholderData: keepPreviousData,
    // Disputes change at Stripe, never in the console: each visit asks again.
    staleTime: 0,
  });
}

/** Every dispute of one bill's charge, whatever became of it (the bill page). */
export function useBillDisputes(orderId: number) {
  return useQuery({
    queryKey: [...opsKeys.disputes, 'bill', orderId],
    queryFn: ({ signal }) => getDisputes({ filter: 'all', orderId }, signal),
    staleTime: 0,
  });
}
