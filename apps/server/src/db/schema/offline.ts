import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { subscriptions } from './subscriptions';

/**
 * License files signed for engines' activation requests (docs/decisions/040, migration 0210): each
 * holds a seat of its kind until released (its release code) or expired. Licensing writes it.
 */
export const offlineActivations = pgTable(
  'offline_activations',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fingerprint: text('fingerprint').notNull(),
    hostname: text('hostname').notNull(),
    engineVersion: text('engine_version').notNull(),
    nonce: text('nonce').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at'),
    releasedAt: timestamptz('released_at'),
    releasedBy: text('released_by'),
  },
  (t) => [index('offline_activations_subscription_idx').on(t.subscriptionId, t.kind)],
);

/** Overage of an already billed month, from usage an offline site reported late: billed once, on the next overage bill. */
export const lateOverage = pgTable(
  'late_overage',
  {
    id: serialId(),
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
    monthStart: timestamptz('month_start').notNull(),
    rtus: bigint('rtus', { mode: 'number' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    recordedAt: timestamptz('recorded_at').notNull(),
    billedAt: timestamptz('billed_at'),
  },
  (t) => [index('late_overage_unbilled_idx').on(t.subscriptionId).where(sql`${t.billedAt} IS NULL`)],
);
