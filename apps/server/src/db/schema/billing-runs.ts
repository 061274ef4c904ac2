import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A billing run and what it did (migration 0071); written by modules/billing/billing-runs.ts only. */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: serial('id').primaryKey(),
    trigger: text('trigger').notNull(), // 'schedule' | 'operator'
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    renewed: integer('renewed').notNull().default(0),
    charged: integer('charged').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    invoiced: integer('invoiced').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('billing_runs_started_idx').on(t.startedAt)],
);
