import { OpsPlanImpactSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

/** How many subscriptions a price change reaches at their next renewal. */
export const getPlanImpact = (planId: number, signal?: AbortSignal) =>
  get(`/api/ops/plans/${planId}/impact`, { schema: OpsPlanImpactSchema, signal });

export function usePlanImpact(planId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: opsKeys.planImpact(planId ?? 0),
    queryFn: ({ signal }) => getPlanImpact(planId ?? 0, signal),
    enabled: enabled && planId !== null,
  });
}
