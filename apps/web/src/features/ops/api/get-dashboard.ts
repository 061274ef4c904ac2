import { OpsDashboardSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

/** GET /api/ops/dashboard (docs/decisions/028). */
export const getDashboard = (signal?: AbortSignal) =>
  get('/api/ops/dashboard', { schema: OpsDashboardSchema, signal });

export function useDashboard() {
  return useQuery({
    queryKey: opsKeys.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
    // Its figures move without the console: the billing engine, Stripe's events, customers. Each
    // visit asks again.
    staleTime: 0,
  });
}
