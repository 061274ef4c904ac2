import type { WebhookDeliveryStatus } from '@store/core';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { webhookAttempts, webhookDeliveries } from '../../db/schema';

// Webhook deliveries and their attempts (docs/decisions/027): claiming, sending's outcome, the
// deliveries list. The one writer of `webhook_attempts` and of deliveries' progress.

export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** A delivery with what sending it needs. */
export interface DeliveryToSend {
  id: number;
  endpointId: number;
  organizationId: number;
  url: string;
  secretBox: string;
  previousSecretBox: string | null;
  previousSecretUntil: Date | null;
  messageId: string;
  type: string;
  data: unknown;
  eventAt: Date;
  forParent: boolean;
  attempts: number;
  firstFailedAt: Date | null;
  status: WebhookDeliveryStatus;
}

const deliveryColumns = sql`d.id, d.endpoint_id, e.organization_id, e.url, e.secret_box, e.previous_secret_box,
  e.previous_secret_until, ev.message_id, ev.type, ev.data, ev.created_at AS event_at, d.for_parent,
  d.attempts, d.first_failed_at, d.status`;

interface DeliveryDbRow {
  id: string | number;
  endpoint_id: number;
  organization_id: number;
  url: string;
  secret_box: string;
  previous_secret_box: string | null;
  previous_secret_until: string | Date | null;
  message_id: string;
  type: string;
  data: unknown;
  event_at: string | Date;
  for_parent: boolean;
  attempts: number;
  first_failed_at: string | Date | null;
  status: WebhookDeliveryStatus;
}

const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const toDelivery = (r: DeliveryDbRow): DeliveryToSend => ({
  id: Number(r.id),
  endpointId: r.endpoint_id,
  organizationId: r.organization_id,
  url: r.url,
  secretBox: r.secret_box,
  previousSecretBox: r.previous_secret_box,
  previousSecretUntil: r.previous_secret_until ? date(r.previous_secret_until) : null,
  messageId: r.message_id,
  type: r.type,
  data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  eventAt: date(r.event_at),
  forParent: r.for_parent,
  attempts: r.attempts,
  firstFailedAt: r.first_failed_at ? date(r.first_failed_at) : null,
  status: r.status,
});

/** How long a claimed delivery is its claimer's alone (a sender's batch, a test event sent at once). */
export const LEASE_MS = 60_000;

/**
 * Claims up to `limit` due deliveries for `leaseMs`: those never tried, and those whose next try
 * has come. Only the oldest unfinished delivery of each
 * endpoint and ordering key is ever due, so messages about one subscription arrive in the order
 * they were made, whatever fails in between. SKIP LOCKED: any number of senders share the work.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<DeliveryToSend[]> {
  const at = now.toISOString();
  const rows = await queryRows<DeliveryDbRow>(
    db,
    sql`WITH due AS (
        SELECT d.id FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
        WHERE (d.status = 'pending' OR (d.status = 'retrying' AND d.next_attempt_at <= ${at}::timestamptz))
          AND (d.lease_until IS NULL OR d.lease_until <= ${at}::timestamptz)
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries earlier
            WHERE earlier.endpoint_id = d.endpoint_id AND earlier.ordering_key = d.ordering_key
              AND earlier.status IN ('pending', 'retrying') AND earlier.id < d.id)
        ORDER BY d.next_attempt_at, d.id
        LIMIT ${limit}
        FOR UPDATE OF d SKIP LOCKED),
      claimed AS (
        UPDATE webhook_deliveries d
        SET lease_until = ${at}::timestamptz + make_interval(secs => ${leaseMs / 1000})
        FROM due WHERE d.id = due.id
        RETURNING d.*)
      SELECT ${deliveryColumns}
      FROM claimed d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id
      JOIN webhook_events ev ON ev.id = d.event_id
      ORDER BY d.id`,
  );
  return rows.map(toDelivery);
}

/** One delivery of the organization's endpoint, with what sending it needs. */
export async function findDeliveryToSend(
  db: DbOrTx,
  organizationId: number,
  endpointId: number,
  deliveryId: number,
): Promise<DeliveryToSend | null> {
  const [row] = await queryRows<DeliveryDbRow>(
    db,
    sql`SELECT ${deliveryColumns}
      FROM webhook_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id
      JOIN webhook_events ev ON ev.id = d.event_id
      WHERE d.id = ${deliveryId} AND d.endpoint_id = ${endpointId} AND e.organization_id = ${organizationId}`,
  );
  return row ? toDelivery(row) : null;
}

/**
 * Records an attempt and what it leaves the delivery at, and lets its lease go. A delivery once
 * delivered stays so: a late failure of a concurrent attempt (a hand retry beside the schedule)
 * does not undo a success.
 */
export async function recordAttempt(
  db: DbOrTx,
  attempt: typeof webhookAttempts.$inferInsert,
  next: {
    status: WebhookDeliveryStatus;
    nextAttemptAt: Date;
    firstFailedAt: Date | null;
    countsAsAttempt: boolean;
  } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values(attempt);
    if (!next) return;
    await tx
      .update(webhookDeliveries)
      .set({
        status: sql`CASE WHEN ${webhookDeliveries.status} = 'delivered' THEN 'delivered' ELSE ${next.status} END`,
        attempts: next.countsAsAttempt ? sql`${webhookDeliveries.attempts} + 1` : webhookDeliveries.attempts,
        nextAttemptAt: next.nextAttemptAt,
        firstFailedAt: next.firstFailedAt,
        leaseUntil: null,
      })
      .where(eq(webhookDeliveries.id, attempt.deliveryId));
  });
}

export interface DeliveryListRow {
  id: number;
  messageId: string;
  type: string;
  data: unknown;
  forParent: boolean;
  createdAt: Date;
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date;
}

/** The newest deliveries to an endpoint; with `onlyId`, that one. */
export async function listDeliveries(
  db: DbOrTx,
  endpointId: number,
  limit: number,
  onlyId?: number,
): Promise<DeliveryListRow[]> {
  const rows = await queryRows<{
    id: string | number;
    message_id: string;
    type: string;
    data: unknown;
    for_parent: boolean;
    created_at: string | Date;
    status: WebhookDeliveryStatus;
    next_attempt_at: string | Date;
  }>(
    db,
    sql`SELECT d.id, ev.message_id, ev.type, ev.data, d.for_parent, d.created_at, d.status, d.next_attempt_at
      FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
      WHERE d.endpoint_id = ${endpointId} ${onlyId === undefined ? sql`` : sql`AND d.id = ${onlyId}`}
      ORDER BY d.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    messageId: r.message_id,
    type: r.type,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
    forParent: r.for_parent,
    createdAt: date(r.created_at),
    status: r.status,
    nextAttemptAt: date(r.next_attempt_at),
  }));
}

export async function attemptsOf(db: DbOrTx, deliveryIds: number[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookAttempts.id));
}
