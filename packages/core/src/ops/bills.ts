import { z } from 'zod/mini';
import { dayField, dayRangeQuery } from '../schemas/activity';
import { idParam } from '../schemas/common';
import { PageQueryField, pagedSchema } from './common';
import { OpsBillMessages } from './messages';

// The operator console's bills (the operator API contract, "Bills"). Money in dollars on the wire.

export const OpsBillFilter = ['past-due', 'open-invoices', 'all'] as const;
export type OpsBillFilter = (typeof OpsBillFilter)[number];

/** The Bills screen's status filter: each stands for every status code of that label (billStatusText). */
export const OPS_BILL_STATUS_LABELS = {
  paid: 'Paid',
  'past-due': 'Past Due',
  pending: 'Pending',
  invoiced: 'Invoiced',
  'un-paid': 'Un-Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
} as const;
export type OpsBillStatusFilter = keyof typeof OPS_BILL_STATUS_LABELS;
const OPS_BILL_STATUS_FILTERS = Object.keys(OPS_BILL_STATUS_LABELS) as [
  OpsBillStatusFilter,
  ...OpsBillStatusFilter[],
];

const billFilterFields = {
  filter: z._default(
    z.optional(z.enum(OpsBillFilter, { error: 'filter must be past-due, open-invoices or all' })),
    'past-due',
  ),
  organizationId: z.optional(idParam('organizationId')),
  status: z.optional(
    z.enum(OPS_BILL_STATUS_FILTERS, {
      error: `status must be one of ${OPS_BILL_STATUS_FILTERS.join(', ')}`,
    }),
  ),
  /** Bill dates, whole UTC days, both included. */
  from: dayField('from'),
  to: dayField('to'),
};

export const OpsBillsQuerySchema = dayRangeQuery({ ...billFilterFields, page: PageQueryField });
export type OpsBillsQuery = z.infer<typeof OpsBillsQuerySchema>;

/** GET /api/ops/bills.csv: the same filters, every matching bill at once. */
export const OpsBillsExportQuerySchema = dayRangeQuery(billFilterFields);
/** What the bills' list and export filter by (the query without its page). */
export type OpsBillsFilter = z.infer<typeof OpsBillsExportQuerySchema>;

export const BillSummarySchema = z.object({
  orderId: z.number().check(z.int()),
  organizationId: z.number().check(z.int()),
  organizationName: z.string(),
  /** 'purchase', 'renewal', 'overage', 'change' … as the bills module names the bill. */
  kind: z.string(),
  /** The bill's status label as the customer's billing history shows it (Paid, Past Due, Invoiced …). */
  status: z.string(),
  total: z.number(),
  billDate: z.string(),
  dueDate: z.optional(z.nullable(z.string())),
  invoiceNumber: z.optional(z.nullable(z.string())),
});
export type BillSummary = z.infer<typeof BillSummarySchema>;
export const OpsBillListSchema = pagedSchema(BillSummarySchema);
export type OpsBillList = z.infer<typeof OpsBillListSchema>;

export const OpsBillLineSchema = z.object({
  description: z.string(),
  subscriptionId: z.nullable(z.number().check(z.int())),
  amount: z.number(),
});

export const OpsPaymentAttemptSchema = z.object({
  attemptId: z.number().check(z.int()),
  status: z.string(),
  amount: z.number(),
  gatewayReference: z.nullable(z.string()),
  declineCode: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
});
export type OpsPaymentAttempt = z.infer<typeof OpsPaymentAttemptSchema>;

export const OpsBillDetailSchema = z.object({
  bill: z.extend(BillSummarySchema, {
    lines: z.array(OpsBillLineSchema),
    /** Billed by invoice, not to a card: paid outside the gateway (status labels are shared by both). */
    byInvoice: z.boolean(),
    /** An invoice still waiting for its money. */
    openInvoice: z.boolean(),
    /** Why the last charge failed, as the card processor said it ('code: message'). */
    declineReason: z.optional(z.nullable(z.string())),
    /** When the billing engine charges the card again, while the bill waits for a retry. */
    nextRetry: z.optional(z.nullable(z.string())),
    /** A charge of the bill is in progress at the card processor: no action until it ends. */
    chargeInFlight: z.boolean(),
    /** The organization's card on file ('Visa ending in 4242'), or null. */
    card: z.optional(z.nullable(z.string())),
    /** How a payment received outside the card processor was made, as the operator recorded it. */
    paymentReference: z.optional(z.nullable(z.string())),
    /** Why the operator voided the bill or wrote it off. */
    closedReason: z.optional(z.nullable(z.string())),
    /** Which collection actions apply (core's collectionActions; docs/decisions/029). */
    actions: z.object({
      retry: z.boolean(),
      recordPayment: z.boolean(),
      void: z.boolean(),
      writeOff: z.boolean(),
    }),
  }),
  attempts: z.array(OpsPaymentAttemptSchema),
  /** Filled by refunds; each entry is the refunds module's own shape. */
  refunds: z.array(z.unknown()),
});
export type OpsBillDetail = z.infer<typeof OpsBillDetailSchema>;

/**
 * POST /api/ops/bills/:orderId/mark-paid: a payment of an unpaid bill received outside the card
 * processor (a cheque number, a transfer), card bill or invoice.
 */
export const OpsMarkPaidBodySchema = z.object({
  reference: z
    .string({ error: OpsBillMessages.referenceRequired })
    .check(
      z.trim(),
      z.minLength(1, OpsBillMessages.referenceRequired),
      z.maxLength(200, OpsBillMessages.referenceTooLong),
    ),
});

/** POST /api/ops/bills/:orderId/void and /write-off: why the operator closes the bill. */
export const OpsCloseBillBodySchema = z.object({
  reason: z
    .string({ error: OpsBillMessages.reasonRequired })
    .check(
      z.trim(),
      z.minLength(1, OpsBillMessages.reasonRequired),
      z.maxLength(200, OpsBillMessages.reasonTooLong),
    ),
});
export type OpsCloseBillBody = z.infer<typeof OpsCloseBillBodySchema>;

/** A collection action's answer: the bill as it is now and a sentence saying what happened. */
export const OpsBillActionAnswerSchema = z.extend(BillSummarySchema, {
  message: z.string(),
  /** Retry now's outcome at the card processor. */
  outcome: z.optional(z.enum(['paid', 'declined', 'pending'])),
});
export type OpsBillActionAnswer = z.infer<typeof OpsBillActionAnswerSchema>;
