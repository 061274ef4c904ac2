import {
  EXPECTED_TOTAL_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  type PaymentAuthentication,
  PROMOTION_CODE_HEADER,
  type PurchaseItem,
  PurchaseResultSchema,
} from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export interface PurchaseInput {
  items: PurchaseItem[];
  /** One per checkout attempt, reused on retry and double click (docs/design.md §3). */
  idempotencyKey: string;
  /** The total the checkout showed, in cents (docs/design.md §2). */
  expectedTotalCents: number;
  /** The cart's promotion code, redeemed with the order or refused (docs/decisions/041). */
  promotionCode?: string | null;
}

export const purchase = ({ items, idempotencyKey, expectedTotalCents, promotionCode }: PurchaseInput) =>
  post('/api/subscription/new', items, {
    schema: PurchaseResultSchema,
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
      [EXPECTED_TOTAL_HEADER]: String(expectedTotalCents),
      ...(promotionCode ? { [PROMOTION_CODE_HEADER]: promotionCode } : {}),
    },
  });

/**
 * The purchase; when the bank asks the customer to authenticate (docs/decisions/024), `authenticate`
 * shows the challenge and the order is paid, or refused, once it has ended.
 */
export function usePurchase(authenticate: (auth: PaymentAuthentication) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PurchaseInput) => {
      const result = await purchase(input);
      if (result.authentication) await authenticate(result.authentication);
      return result;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
      void queryClient.invalidateQueries({ queryKey: ['order'] });
    },
  });
}
