import { PlanListSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get, HttpError } from '../../../lib/http';

export const plansForProductQueryOptions = (productName: string) =>
  queryOptions({
    queryKey: ['catalog', 'plans', productName.toLowerCase()],
    queryFn: ({ signal }) =>
      get(`api/product/plans_for_product/${encodeURIComponent(productName)}`, {
        schema: PlanListSchema,
        signal,
      }),
    // An unknown product is a state of the screen, not an alert.
    meta: { silent: true },
    retry: (count, error) => count < 1 && !(error instanceof HttpError && error.status === 404),
  });

export function usePlansForProduct(productName: string) {
  return useQuery(plansForProductQueryOptions(productName));
}
