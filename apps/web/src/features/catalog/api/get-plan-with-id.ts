import { PricingPlanSchema } from '@store/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const planWithIdQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['catalog', 'plan', id],
    queryFn: ({ signal }) => get(`api/product/plan_with_id/${id}`, { schema: PricingPlanSchema, signal }),
  });
