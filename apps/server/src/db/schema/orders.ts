import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { organizations } from './organizations';
import { subscriptions } from './subscriptions';

/**
 * An order is a bill: one charge (or invoice) and its lines. `status` is the bill status bit flag
 * of spec §4. `periodKey` makes scheduled bills unique per subscription and period (exactly once).
 */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    organizationId: requiredReference('organization_id', () => organizations.id),
    kind: text('kind').notNull(), // 'purchase' | 'renewal' | 'overage' | 'proration'
    status: integer('status').notNull(),
    totalCents: integer('total_cents').notNull(),
    billingDate: timestamptz('billing_date').notNull(),
    dueDate: timestamptz('due_date'),
    paidAt: timestamptz('paid_at'),
    /** How an offline invoice was paid, as the operator recorded it (migration 0071). */
    paidReference: text('paid_reference'),
    /** Why the operator voided the bill or wrote it off (migration 0130, docs/decisions/029). */
    closedReason: text('closed_reason'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    // The purchase request as accepted, so a pending order can be settled after a crash.
    request: jsonb('request'),
    periodKey: text('period_key').unique(),
    failureMessage: text('failure_message'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** Taken anew by every claim of the bill for a charge (migration 0101, docs/decisions/007). */
    chargeLease: integer('charge_lease').notNull().default(0),
    // Seller and customer details frozen at billing time, for the invoice.
    billedTo: jsonb('billed_to'),
    /** When the invoice's mail was written to the outbox (migration 0140, docs/decisions/030). */
    invoiceSentAt: timestamptz('invoice_sent_at'),
    /** When an invoice's subscriptions stop if it is unpaid; set when it is mailed (docs/decisions/030). */
    graceEndsAt: timestamptz('grace_ends_at'),
    // Set by the database when the bill is issued (migration 0080, docs/decisions/016).
    invoiceNumber: text('invoice_number').unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_org_idempotency_unique').on(t.organizationId, t.idempotencyKey),
    index('orders_org_idx').on(t.organizationId, t.billingDate),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serialId(),
    orderId: requiredReference('order_id', () => orders.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id),
    description: text('description').notNull(),
    productName: text('product_name').notNull().default(''),
    planName: text('plan_name').notNull().default(''),
    billingMode: integer('billing_mode'),
    periodStart: timestamptz('period_start'),
    periodEnd: timestamptz('period_end'),
    listCents: integer('list_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    /** A promotion code's share of the line, already taken off amountCents (migration 0240). */
    promotionCode: text('promotion_code'),
    promotionCents: integer('promotion_cents').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** Every charge attempt with its own gateway idempotency key. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serialId(),
    orderId: requiredReference('order_id', () => orders.id, { onDelete: 'cascade' }),
    gatewayKey: text('gateway_key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(), // 'started' | 'succeeded' | 'declined' | 'error'
    gatewayChargeId: text('gateway_charge_id'),
    message: text('message'),
    /** Transient gateway failures while this attempt was open (bounded, then given up). */
    transientFailures: integer('transient_failures').notNull().default(0),
    /** When the lease of the last gateway call made with this key ends (migration 0101). */
    sentUntil: timestamptz('sent_until'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('payment_attempts_order_idx').on(t.orderId)],
);

/** The reminders sent of an unpaid invoice, one row each (migration 0140, docs/decisions/030). */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    orderId: requiredReference('order_id', () => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'invoice_reminders_pk', columns: [t.orderId, t.kind] })],
);
