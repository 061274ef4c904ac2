import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { pricingPlans } from './catalog';
import { requiredReference, timestamptz } from './columns';
import { orders } from './orders';
import { organizations } from './organizations';

/**
 * The trials organizations have started, one per organization and plan (migration 0250,
 * docs/decisions/043); written by `subscriptions` in the transaction that records the checkout's order.
 */
export const planTrials = pgTable(
  'plan_trials',
  {
    organizationId: requiredReference('organization_id', () => organizations.id),
    pricingPlanId: integer('pricing_plan_id')
      .notNull()
      .references(() => pricingPlans.id),
    orderId: requiredReference('order_id', () => orders.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull(),
  },
  (t) => [primaryKey({ name: 'plan_trials_pk', columns: [t.organizationId, t.pricingPlanId] })],
);
