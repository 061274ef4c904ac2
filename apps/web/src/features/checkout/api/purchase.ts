import {
  EXPECTED_TOTAL_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  type PurchaseItem,
  PurchaseResultSchema,
} from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export interface PurchaseInput {
  items: PurchaseItem[];
  /** One per checkout attempt, reused on retry and double click (DESIGN.md §3). */
  idempotencyKey: string;
  /** The total the checkout showed, in cents (DESIGN.md §2). */
  expectedTotalCents: number;
}

export const purchase = ({ items, idempotencyKey, expectedTotalCents }: PurchaseInput) =>
  post('/api/subscription/new', items, {
    schema: PurchaseResultSchema,
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
      [EXPECTED_TOTAL_HEADER]: String(expectedTotalCents),
    },
  });

export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchase,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
      void queryClient.invalidateQueries({ queryKey: ['order'] });
    },
  });
}
