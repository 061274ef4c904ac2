import { z } from 'zod/mini';
import { type BillNaming, billMention, billMentionFirst, billStatusText } from './bill-status';
import { formatUsd } from './money';
import { moneyField, optionalText, requiredText } from './schemas/common';

// Refunds and credit notes (docs/design.md §3, docs/decisions/016): a paid bill stays as it was paid;
// each refund is a record beside it with a numbered credit note.

/** Billing History's Status of a credit note's row. */
export const CREDIT_NOTE_STATUS_TEXT = 'Credit Note';

export const creditNoteFileName = (number: string) => `credit_note_${number}.pdf`;

/** A Billing History row's Status: 'Credit Note' for a credit note, else the bill status's text (spec §4). */
export const billRowStatusText = (row: { status: number; creditNoteNumber?: string }): string =>
  row.creditNoteNumber ? CREDIT_NOTE_STATUS_TEXT : billStatusText(row.status);

/** Invoice and credit-note numbers: the year and six digits of its gap-free series (2026-000123). */
export const DOCUMENT_NUMBER_PATTERN = /^\d{4}-\d{6,}$/;

/** What is left to refund of a bill: what was paid less what went back already (never below 0). */
export const refundableCents = (paidCents: number, refundedCents: number): number =>
  Math.max(0, paidCents - refundedCents);

export const RefundMessages = {
  amountRequired: 'Enter the amount to refund.',
  amountPositive: 'The amount to refund must be more than $0.00.',
  reasonRequired: 'Enter the reason for the refund.',
  noSuchBill: (orderId: number) => `There is no ${billMention({ orderId })}.`,
  notPaid: (bill: BillNaming, statusText: string) =>
    `${billMentionFirst(bill)} is not paid (status '${statusText}'): only a paid bill can be refunded.`,
  overRefund: (amountCents: number, bill: BillNaming, paidCents: number, refundedCents: number) =>
    `A refund of ${formatUsd(amountCents)} is more than ${billMention(bill)} has left to refund: ${formatUsd(refundableCents(paidCents, refundedCents))} (${formatUsd(paidCents)} paid, ${formatUsd(refundedCents)} refunded).`,
  offlineMethodRequired: (bill: BillNaming) =>
    `${billMentionFirst(bill)} was paid by invoice: say how the money went back, e.g. the bank transfer's reference.`,
  offlineMethodForCard: (bill: BillNaming) =>
    `${billMentionFirst(bill)} was paid by card: its refund goes back to the card, so there is no other way to say how it went back.`,
  endNeedsFullRefund: "End subscription needs a full refund of a bill of the subscription's current period.",
  keyReused: 'This Idempotency-Key was used for another refund of this bill.',
  inProgress: (bill: BillNaming) =>
    `A refund of ${billMention(bill)} is still waiting for the gateway's answer; try again in a minute.`,
  // A dispute is settled by the card network: a refund beside it does not close it, and the customer
  // could get the money twice (Stripe refuses a refund of a charged-back charge for that reason).
  disputed: (bill: BillNaming, disputeId: string, statusText: string) =>
    `${billMentionFirst(bill)} cannot be refunded: its charge is disputed (${disputeId}, ${statusText}). Answer or accept the dispute in the Stripe dashboard.`,
} as const;

/** POST /api/ops/bills/:orderId/refunds. The amount is in dollars on the wire, like the rest of the API. */
export const RefundRequestSchema = z.strictObject({
  amount: moneyField('Amount', RefundMessages.amountRequired).check(z.gt(0, RefundMessages.amountPositive)),
  reason: requiredText(RefundMessages.reasonRequired, 'Reason', 500),
  endSubscription: z.optional(z.boolean({ error: 'endSubscription must be true or false' })),
  offlineMethod: optionalText('Offline method', 200),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundStatusSchema = z.enum(['started', 'pending', 'succeeded', 'failed']);

/** A refund as the operator's API answers it. */
export const RefundSchema = z.object({
  refundId: z.number().check(z.int()),
  orderId: z.number().check(z.int()),
  amount: z.number(),
  reason: z.string(),
  status: RefundStatusSchema,
  offlineMethod: z.nullable(z.string()),
  endSubscription: z.boolean(),
  creditNoteNumber: z.nullable(z.string()),
  failureMessage: z.nullable(z.string()),
  createdAt: z.string(),
  refundedAt: z.nullable(z.string()),
});
export type Refund = z.infer<typeof RefundSchema>;

/** What the refund route answers: the refund and, when it ended the subscription, which one. */
export const RefundAnswerSchema = z.object({
  refund: RefundSchema,
  message: z.string(),
  endedSubscriptionIds: z.array(z.number().check(z.int())),
});
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;

/** The refund route's headers: a retry with the same Idempotency-Key answers with its first refund. */
export const RefundHeadersSchema = z.looseObject({
  'idempotency-key': z
    .optional(
      z
        .string()
        .check(z.regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible characters.')),
    )
    .check(
      z.meta({
        description: 'Unique per refund the operator asks for; a retry with the same key refunds once.',
      }),
    ),
});
