import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { orders } from './orders';

// The tables of decision 018 (migrations 0085–0087). Written with SQL by their owners (mail/outbox.ts,
// billing/billing-notices.ts, stripe-webhook/stripe-events.repository.ts, disputes/disputes.repository.ts).

/** Every customer mail, written in the transaction that causes it and sent by the outbox sender. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: text('message_id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('outbox_due').on(t.nextAttemptAt)],
);

/** Renewal reminders and card-expiry warnings sent, once per subject and renewal date. */
export const billingNotices = pgTable(
  'billing_notices',
  {
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    dueOn: date('due_on').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'billing_notices_pk', columns: [t.kind, t.subjectId, t.dueOn] })],
);

/** Stripe's webhook events, each recorded once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  deliveries: integer('deliveries').notNull().default(1),
  processedAt: timestamptz('processed_at'),
  outcome: text('outcome'),
});

/** A customer's dispute of a charge, beside the bill it paid. */
export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    chargeId: text('charge_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    // Stripe's evidence_details.due_by (migration 0131).
    evidenceDueBy: timestamptz('evidence_due_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('disputes_order_idx').on(t.orderId)],
);
