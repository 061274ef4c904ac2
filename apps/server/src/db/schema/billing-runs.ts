import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, timestamptz } from './columns';

/** A billing run and what it did (migration 0071); written by modules/billing/billing-runs.ts only. */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: serialId(),
    trigger: text('trigger').notNull(), // 'schedule' | 'operator'
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    renewed: integer('renewed').notNull().default(0),
    charged: integer('charged').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    invoiced: integer('invoiced').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('billing_runs_started_idx').on(t.startedAt)],
);
