import { BillingDescriptionSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const billingDescriptionQueryOptions = queryOptions({
  queryKey: ['organization', 'billing_description'],
  queryFn: ({ signal }) =>
    get('api/organization/billing_description', { schema: BillingDescriptionSchema, signal }),
  staleTime: 0,
});

export function useBillingDescription() {
  return useQuery(billingDescriptionQueryOptions);
}
