import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Store-wide settings: billing-cycle discounts, the demo clock offset. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * Throttle counters shared by every server process, written only by rate-limiter-flexible's
 * PostgreSQL store (lib/limits): points used in the window and its end in epoch milliseconds.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * The sandbox gateway's own ledger: what a real gateway would remember, so that its idempotency
 * keys hold across server processes and the fault test can count successful charges.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  status: text('status').notNull(),
  declineMessage: text('decline_message'),
  /** Set while the charge waits for the customer's authentication (3-D Secure). */
  clientSecret: text('client_secret'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
