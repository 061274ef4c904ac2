import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';

/**
 * License files signed for engines' activation requests (docs/decisions/040, migration 0210): each
 * holds a seat of its kind until released (its release code) or expired. Licensing writes it.
 */
export const offlineActivations = pgTable(
  'offline_activations',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fingerprint: text('fingerprint').notNull(),
    hostname: text('hostname').notNull(),
    engineVersion: text('engine_version').notNull(),
    nonce: text('nonce').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: text('released_by'),
  },
  (t) => [index('offline_activations_subscription_idx').on(t.subscriptionId, t.kind)],
);

/** Overage of an already billed month, from usage an offline site reported late: billed once, on the next overage bill. */
export const lateOverage = pgTable(
  'late_overage',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    monthStart: timestamp('month_start', { withTimezone: true }).notNull(),
    rtus: bigint('rtus', { mode: 'number' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    billedAt: timestamp('billed_at', { withTimezone: true }),
  },
  (t) => [index('late_overage_unbilled_idx').on(t.subscriptionId).where(sql`${t.billedAt} IS NULL`)],
);
