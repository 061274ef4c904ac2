import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { orders } from './orders';
import { organizations } from './organizations';
import { persons } from './persons';

/**
 * A refund of a paid bill and its credit note (docs/design.md §3, docs/decisions/016): a record beside
 * the bill, written by the refunds module only. `creditNoteNumber` is set by the database when the
 * refund succeeds (migration 0081), from the same yearly series as invoice numbers.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
    orderId: requiredReference('order_id', () => orders.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** How the money went back for a bill paid by invoice; null: refunded to the card. */
    offlineMethod: text('offline_method'),
    endSubscription: boolean('end_subscription').notNull().default(false),
    status: text('status').notNull(), // 'started' | 'pending' | 'succeeded' | 'failed'
    requestKey: text('request_key'),
    requestHash: text('request_hash'),
    gatewayKey: text('gateway_key').unique(),
    gatewayRefundId: text('gateway_refund_id'),
    failureMessage: text('failure_message'),
    creditNoteNumber: text('credit_note_number').unique(),
    operatorPersonId: integer('operator_person_id').references(() => persons.id),
    billedTo: jsonb('billed_to'),
    createdAt: timestamptz('created_at').notNull(),
    refundedAt: timestamptz('refunded_at'),
  },
  (t) => [index('refunds_order_idx').on(t.orderId)],
);
export type RefundRow = typeof refunds.$inferSelect;

/** The sandbox gateway's refunds, as Stripe test mode keeps them. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  chargeId: text('charge_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
