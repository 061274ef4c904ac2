import { type OpsPromotionBody, OpsPromotionListSchema, OpsPromotionSchema } from '@store/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/http';
import { opsKeys } from './keys';

/** GET /api/ops/promotions: every code with its redemptions. */
export const getPromotions = (signal?: AbortSignal) =>
  get('/api/ops/promotions', { schema: OpsPromotionListSchema, signal });

export function usePromotions() {
  // Redemptions change with every checkout: each visit asks again.
  return useQuery({
    queryKey: opsKeys.promotions,
    queryFn: ({ signal }) => getPromotions(signal),
    staleTime: 0,
  });
}

export const createPromotion = (body: OpsPromotionBody) =>
  post('/api/ops/promotions', body, { schema: OpsPromotionSchema });

export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsKeys.promotions }),
  });
}

export const deactivatePromotion = (promotionCodeId: number) =>
  post(`/api/ops/promotions/${promotionCodeId}/deactivate`, {}, { schema: OpsPromotionSchema });

export function useDeactivatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivatePromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsKeys.promotions }),
  });
}
