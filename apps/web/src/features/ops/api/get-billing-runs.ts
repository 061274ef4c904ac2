import { BillingRunListSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

export const getBillingRuns = (signal?: AbortSignal) =>
  get('/api/ops/billing-runs', { schema: BillingRunListSchema, signal });

export function useBillingRuns() {
  return useQuery({ queryKey: opsKeys.billingRuns, queryFn: ({ signal }) => getBillingRuns(signal) });
}
