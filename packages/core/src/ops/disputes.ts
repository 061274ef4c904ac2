import { z } from 'zod/mini';
import { PageQueryField, pagedSchema } from './common';

// Card disputes as the console shows them (docs/design.md §3: records beside the bill, written from
// Stripe's events). Stripe's own words (status, reason) travel as they are; the texts below say them.

/** Stripe's final statuses of a dispute; any other still asks for an answer or a wait. */
export const CLOSED_DISPUTE_STATUSES: readonly string[] = ['won', 'lost', 'warning_closed', 'prevented'];

export const isDisputeOpen = (status: string): boolean => !CLOSED_DISPUTE_STATUSES.includes(status);

const STATUS_TEXT: Record<string, string> = {
  warning_needs_response: 'Inquiry: needs response',
  warning_under_review: 'Inquiry: under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Needs response',
  under_review: 'Under review',
  appeal_needs_response: 'Appeal: needs response',
  appeal_under_review: 'Appeal: under review',
  won: 'Won',
  lost: 'Lost',
  prevented: 'Prevented',
};

/** A Stripe status in words; one Stripe adds later reads as Stripe spells it. */
export const disputeStatusText = (status: string): string => STATUS_TEXT[status] ?? status;

/** Stripe's reason code in words: 'product_not_received' reads 'Product not received'. */
export const disputeReasonText = (reason: string): string => {
  const words = reason.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '—';
};

export const OpsDisputeFilter = ['open', 'closed', 'all'] as const;
export type OpsDisputeFilter = (typeof OpsDisputeFilter)[number];

/** GET /api/ops/disputes: open ones by default; `orderId` names one bill's. */
export const OpsDisputesQuerySchema = z.strictObject({
  filter: z._default(
    z.optional(z.enum(OpsDisputeFilter, { error: 'filter must be open, closed or all' })),
    'open',
  ),
  orderId: z.optional(
    z.coerce
      .number({ error: 'orderId must be a number' })
      .check(z.int('orderId must be a whole number'), z.gte(1, 'orderId must be at least 1')),
  ),
  page: PageQueryField,
});
export type OpsDisputesQuery = z.infer<typeof OpsDisputesQuerySchema>;

export const OpsDisputeSchema = z.object({
  /** Stripe's id of the dispute (dp_…). */
  disputeId: z.string(),
  /** Stripe's status (needs_response, under_review, won …); disputeStatusText says it. */
  status: z.string(),
  open: z.boolean(),
  /** Stripe's reason code (fraudulent, product_not_received …); disputeReasonText says it. */
  reason: z.string(),
  amount: z.number(),
  /** The gateway's deadline for evidence; null when the bank allows no answer or Stripe gave none. */
  evidenceDueBy: z.nullable(z.string()),
  openedAt: z.string(),
  chargeId: z.string(),
  /** The bill the disputed charge paid; null when the charge is no bill of this store's. */
  orderId: z.nullable(z.number().check(z.int())),
  invoiceNumber: z.nullable(z.string()),
  organizationId: z.nullable(z.number().check(z.int())),
  organizationName: z.nullable(z.string()),
});
export type OpsDispute = z.infer<typeof OpsDisputeSchema>;
export const OpsDisputeListSchema = pagedSchema(OpsDisputeSchema);
export type OpsDisputeList = z.infer<typeof OpsDisputeListSchema>;

export const OpsDisputeTexts = {
  /** The bill page's sentence where its Refund form would be. */
  refundNotOffered:
    'This charge is disputed, so it is not refunded here: a refund would not close the dispute and the customer could be paid twice. Answer or accept the dispute in the Stripe dashboard.',
  noneOpen: 'No open disputes.',
  noneClosed: 'No closed disputes.',
  none: 'No disputes.',
};
