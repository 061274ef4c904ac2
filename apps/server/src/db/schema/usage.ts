import {
  bigint,
  bigserial,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';

/** Raw usage reports from engines; a repeated transaction id counts once (docs/design.md §5). */
export const usageReports = pgTable(
  'usage_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    hostname: text('hostname').notNull(),
    pages: integer('pages').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('usage_reports_tx_unique').on(t.subscriptionId, t.transactionId)],
);

/** Per-day, per-host totals kept up to date with each report; the usage screen reads only these. */
export const usageRollups = pgTable(
  'usage_rollups',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pages: bigint('pages', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.day, t.hostname] })],
);

/**
 * The usage meter's alert mails already sent: one per subscription, usage cycle (the day it ends,
 * nextOverageBillingDate) and level, so each goes out once per cycle (migration 0061).
 */
export const usageAlerts = pgTable(
  'usage_alerts',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    cycleEnd: date('cycle_end', { mode: 'string' }).notNull(),
    level: text('level').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'usage_alerts_pk', columns: [t.subscriptionId, t.cycleEnd, t.level] })],
);
