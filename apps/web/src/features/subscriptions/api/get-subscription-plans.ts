import { PricingPlanSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { get } from '../../../lib/http';

export const subscriptionPlansKey = (subscriptionId: number) =>
  ['subscription', subscriptionId, 'plans'] as const;

/** The plans the editor offers: the product's available plans and the retired plan in use. */
export const getSubscriptionPlans = (subscriptionId: number, signal?: AbortSignal) =>
  get(`/api/subscription/${subscriptionId}/plans`, { schema: z.array(PricingPlanSchema), signal });

export function useSubscriptionPlans(subscriptionId: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: subscriptionPlansKey(subscriptionId),
      queryFn: ({ signal }) => getSubscriptionPlans(subscriptionId, signal),
      staleTime: 5 * 60_000,
      enabled,
    }),
  );
}
