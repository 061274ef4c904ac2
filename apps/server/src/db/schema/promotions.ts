import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { orders } from './orders';
import { organizations } from './organizations';

/** Promotion codes the operator makes (migration 0240, docs/decisions/041); written by `promotions`. */
export const promotionCodes = pgTable('promotion_codes', {
  id: serialId(),
  code: text('code').notNull().unique(),
  percentBp: integer('percent_bp'),
  amountOffCents: integer('amount_off_cents'),
  /** Cycles discounted per subscription; null: every cycle. */
  durationCycles: integer('duration_cycles'),
  /** The plans it is limited to; empty: any plan. */
  planIds: integer('plan_ids').array().notNull().default(sql`'{}'`),
  expiresAt: timestamptz('expires_at'),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  oncePerOrganization: boolean('once_per_organization').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  deactivatedAt: timestamptz('deactivated_at'),
});

/** One row per checkout that redeemed a code; its order's subscriptions point at it. */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: serialId(),
    promotionCodeId: requiredReference('promotion_code_id', () => promotionCodes.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    oncePerOrganization: boolean('once_per_organization').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('promotion_redemptions_once_unique')
      .on(t.promotionCodeId, t.organizationId)
      .where(sql`${t.oncePerOrganization}`),
    index('promotion_redemptions_code_idx').on(t.promotionCodeId),
  ],
);
export type PromotionCodeRow = typeof promotionCodes.$inferSelect;
