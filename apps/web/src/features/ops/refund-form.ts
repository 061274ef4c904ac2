import { RefundMessages, RefundRequestSchema, requiredText } from '@store/core';
import { z } from 'zod/mini';

// The Refund form validates with the request's own schema; a bill paid by invoice also needs how the
// money went back (the server refuses it without, with the same sentence).
export const refundFormSchema = (orderId: number, byCard: boolean) =>
  byCard
    ? RefundRequestSchema
    : z.extend(RefundRequestSchema, {
        offlineMethod: requiredText(RefundMessages.offlineMethodRequired(orderId), 'Offline method', 200),
      });

export type RefundFormValues = {
  amount: number | string;
  reason: string;
  offlineMethod: string;
  endSubscription: boolean;
};

export const refundFormValues = (leftCents: number): RefundFormValues => ({
  amount: leftCents / 100,
  reason: '',
  offlineMethod: '',
  endSubscription: false,
});
