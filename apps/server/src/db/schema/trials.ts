import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { pricingPlans } from './catalog';
import { orders } from './orders';
import { organizations } from './organizations';

/**
 * The trials organizations have started, one per organization and plan (migration 0250,
 * docs/decisions/043); written by `subscriptions` in the transaction that records the checkout's order.
 */
export const planTrials = pgTable(
  'plan_trials',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    pricingPlanId: integer('pricing_plan_id')
      .notNull()
      .references(() => pricingPlans.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'plan_trials_pk', columns: [t.organizationId, t.pricingPlanId] })],
);
