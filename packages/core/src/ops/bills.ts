import { z } from 'zod';
import { PageQueryField, pagedSchema } from './common';

// The operator console's bills (the operator API contract, "Bills"). Money in dollars on the wire.

export const OpsBillFilter = ['past-due', 'open-invoices', 'all'] as const;
export type OpsBillFilter = (typeof OpsBillFilter)[number];

export const OpsBillsQuerySchema = z.object({
  filter: z
    .enum(OpsBillFilter, { error: 'filter must be past-due, open-invoices or all' })
    .optional()
    .default('past-due'),
  page: PageQueryField,
});
export type OpsBillsQuery = z.infer<typeof OpsBillsQuerySchema>;

export const BillSummarySchema = z.object({
  orderId: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** 'purchase', 'renewal', 'overage', 'change' … as the bills module names the bill. */
  kind: z.string(),
  /** The bill's status label as the customer's billing history shows it (Paid, Past Due, Invoiced …). */
  status: z.string(),
  total: z.number(),
  billDate: z.string(),
  dueDate: z.string().nullable().optional(),
  invoiceNumber: z.string().nullable().optional(),
});
export type BillSummary = z.infer<typeof BillSummarySchema>;
export const OpsBillListSchema = pagedSchema(BillSummarySchema);
export type OpsBillList = z.infer<typeof OpsBillListSchema>;

export const OpsBillLineSchema = z.object({
  description: z.string(),
  subscriptionId: z.number().int().nullable(),
  amount: z.number(),
});

export const OpsPaymentAttemptSchema = z.object({
  attemptId: z.number().int(),
  status: z.string(),
  amount: z.number(),
  gatewayReference: z.string().nullable(),
  declineCode: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type OpsPaymentAttempt = z.infer<typeof OpsPaymentAttemptSchema>;

export const OpsBillDetailSchema = z.object({
  bill: BillSummarySchema.extend({ lines: z.array(OpsBillLineSchema) }),
  attempts: z.array(OpsPaymentAttemptSchema),
  /** Filled by refunds; each entry is the refunds module's own shape. */
  refunds: z.array(z.unknown()),
});
export type OpsBillDetail = z.infer<typeof OpsBillDetailSchema>;

/** POST /api/ops/bills/:orderId/mark-paid: an open invoice paid offline (a cheque number, a transfer). */
export const OpsMarkPaidBodySchema = z.object({
  reference: z
    .string({ error: 'reference is required' })
    .trim()
    .min(1, 'reference is required')
    .max(200, 'reference must be at most 200 characters'),
});
