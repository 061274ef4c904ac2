import { type PromotionCheckRequest, PromotionSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** POST /api/promotions/check: whether the code fits this organization and the cart's plans; nothing is redeemed. */
export const checkPromotionCode = (body: PromotionCheckRequest) =>
  post('/api/promotions/check', body, { schema: PromotionSchema });

/** The refusal is said under the code's field, not in the alert banner. */
export function useCheckPromotionCode() {
  return useMutation({ mutationFn: checkPromotionCode, meta: { silent: true } });
}
