import type { WebhookDeliveryStatus, WebhookEventType } from '@store/core';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { organizations } from './organizations';

// Webhooks to customer organizations (migration 0120, docs/decisions/027), written only by
// modules/webhooks. Other modules record events through its entry, in their own transactions.

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serialId(),
    organizationId: requiredReference('organization_id', () => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().$type<WebhookEventType[]>().notNull(),
    secretBox: text('secret_box').notNull(),
    previousSecretBox: text('previous_secret_box'),
    previousSecretUntil: timestamptz('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId)],
);

export const webhookEvents = pgTable('webhook_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: text('message_id').notNull().unique(),
  organizationId: requiredReference('organization_id', () => organizations.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamptz('created_at').notNull(),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: bigint('event_id', { mode: 'number' })
    .notNull()
    .references(() => webhookEvents.id, { onDelete: 'cascade' }),
  endpointId: requiredReference('endpoint_id', () => webhookEndpoints.id, { onDelete: 'cascade' }),
  forParent: boolean('for_parent').notNull().default(false),
  orderingKey: text('ordering_key').notNull(),
  status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull(),
  leaseUntil: timestamptz('lease_until'),
  firstFailedAt: timestamptz('first_failed_at'),
  createdAt: timestamptz('created_at').notNull(),
});

export const webhookAttempts = pgTable('webhook_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deliveryId: bigint('delivery_id', { mode: 'number' })
    .notNull()
    .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  at: timestamptz('at').notNull(),
  statusCode: integer('status_code'),
  durationMs: integer('duration_ms').notNull(),
  answer: text('answer').notNull().default(''),
  error: text('error'),
  manual: boolean('manual').notNull().default(false),
});
