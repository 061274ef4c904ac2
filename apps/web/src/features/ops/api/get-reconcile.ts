import { OpsReconcileReportSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

/**
 * GET /api/ops/reconcile: the gateway's charges against the bills, as the command compares them.
 * It asks the gateway for every charge, so it runs when the screen asks, not on each focus.
 */
export function useReconcile(since: string) {
  return useQuery({
    queryKey: [...opsKeys.reconcile, since],
    queryFn: ({ signal }) =>
      get(`/api/ops/reconcile${since ? `?since=${since}` : ''}`, {
        schema: OpsReconcileReportSchema,
        signal,
      }),
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
