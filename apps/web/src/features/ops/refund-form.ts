import {
  type BillNaming,
  RefundMessages,
  RefundRequestSchema,
  refundableCents,
  requiredText,
  toCents,
} from '@store/core';
import { z } from 'zod/mini';

// The Refund form validates with the request's own schema; a bill paid by invoice also needs how the
// money went back (the server refuses it without, with the same sentence). An amount beyond what is
// left is refused with the server's sentence, never cut to it: 7873 typed for 78.73 is a typo to fix.

/** What was paid and what went back already: the most a refund may be (docs/decisions/016). */
export interface RefundLimits {
  paidCents: number;
  refundedCents: number;
}

export const refundFormSchema = (bill: BillNaming, byCard: boolean, limits: RefundLimits) => {
  const base = byCard
    ? RefundRequestSchema
    : z.extend(RefundRequestSchema, {
        offlineMethod: requiredText(
          RefundMessages.offlineMethodRequired(bill),
          'How the money went back',
          200,
        ),
      });
  const left = refundableCents(limits.paidCents, limits.refundedCents);
  return base.check(
    z.superRefine((values, ctx) => {
      const cents = toCents(values.amount);
      if (cents > left)
        ctx.issues.push({
          code: 'custom',
          input: values.amount,
          path: ['amount'],
          message: RefundMessages.overRefund(cents, bill, limits.paidCents, limits.refundedCents),
        });
    }),
  );
};

export type RefundFormValues = {
  amount: number | string;
  reason: string;
  offlineMethod: string;
  endSubscription: boolean;
};

/** The form starts empty: the operator types the amount, nothing is prefilled. */
export const refundFormValues = (): RefundFormValues => ({
  amount: '',
  reason: '',
  offlineMethod: '',
  endSubscription: false,
});
