import {
  bigint,
  bigserial,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { requiredReference, timestamptz } from './columns';
import { subscriptions } from './subscriptions';

/** Raw usage reports from engines; a repeated transaction id counts once (docs/design.md §5). */
export const usageReports = pgTable(
  'usage_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    hostname: text('hostname').notNull(),
    pages: integer('pages').notNull(),
    reportedAt: timestamptz('reported_at').notNull(),
  },
  (t) => [uniqueIndex('usage_reports_tx_unique').on(t.subscriptionId, t.transactionId)],
);

/** Per-day, per-host totals kept up to date with each report; the usage screen reads only these. */
export const usageRollups = pgTable(
  'usage_rollups',
  {
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
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
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
    cycleEnd: date('cycle_end', { mode: 'string' }).notNull(),
    level: text('level').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'usage_alerts_pk', columns: [t.subscriptionId, t.cycleEnd, t.level] })],
);
