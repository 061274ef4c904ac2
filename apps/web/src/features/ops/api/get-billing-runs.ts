import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { OpsBillingRunListSchema } from '../contract';
import { opsKeys } from './keys';

export const getBillingRuns = (signal?: AbortSignal) =>
  get('/api/ops/billing-runs', { schema: OpsBillingRunListSchema, signal });

export function useBillingRuns() {
  return useQuery({ queryKey: opsKeys.billingRuns, queryFn: ({ signal }) => getBillingRuns(signal) });
}
