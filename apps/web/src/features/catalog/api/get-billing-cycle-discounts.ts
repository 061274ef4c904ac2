import { BillingCycleDiscountsSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const billingCycleDiscountsQueryOptions = queryOptions({
  queryKey: ['catalog', 'billingCycleDiscounts'],
  queryFn: ({ signal }) =>
    get('/api/misc/billingCycleDiscounts', { schema: BillingCycleDiscountsSchema, signal }),
  staleTime: 5 * 60_000,
});

export function useBillingCycleDiscounts() {
  return useQuery(billingCycleDiscountsQueryOptions);
}
