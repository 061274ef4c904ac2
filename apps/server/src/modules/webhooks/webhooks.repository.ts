import type { WebhookDeliveryStatus, WebhookEventType } from '@store/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { isAdminSql, persons, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';

// The one writer of the webhook tables (docs/decisions/027).

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertEndpoint(
  db: DbOrTx,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export const listEndpoints = (db: DbOrTx, organizationId: number) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));

export async function findEndpoint(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  return row ?? null;
}

export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow> {
  const [row] = await db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id)).returning();
  return row!;
}

export async function deleteEndpoint(db: DbOrTx, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Disables an endpoint the schedule gave up on; true when this call disabled it (so one mail goes). */
export async function disableFailingEndpoint(db: DbOrTx, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function adminEmails(db: DbOrTx, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ email: persons.email })
    .from(persons)
    .where(and(eq(persons.organizationId, organizationId), isAdminSql()))
    .orderBy(persons.id);
  return rows.map((r) => r.email);
}

/**
 * Writes an event and one delivery per enabled endpoint that takes it: the organization's own, and
 * its parent organization's (marked, to be sent without secrets). One statement, and nothing at all
 * when no endpoint takes it, so events cost the many organizations without webhooks one index read.
 */
export async function insertEvent(
  tx: DbOrTx,
  event: {
    messageId: string;
    organizationId: number;
    type: WebhookEventType | 'webhook.test';
    data: unknown;
    orderingKey: string;
    at: Date;
    /** Only this endpoint (a test event); otherwise every endpoint that takes the type. */
    endpointId?: number;
  },
): Promise<number[]> {
  const at = event.at.toISOString();
  const targets = event.endpointId
    ? sql`SELECT e.id, false AS for_parent FROM webhook_endpoints e WHERE e.id = ${event.endpointId}`
    : sql`SELECT e.id, e.organization_id <> ${event.organizationId} AS for_parent
        FROM webhook_endpoints e
        WHERE e.enabled
          AND e.organization_id IN (
            SELECT ${event.organizationId}::int
            UNION ALL
            SELECT parent_organization_id FROM organizations
            WHERE id = ${event.organizationId} AND parent_organization_id IS NOT NULL)
          AND (cardinality(e.event_types) = 0 OR ${event.type} = ANY (e.event_types))`;
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`WITH targets AS (${targets}),
      ev AS (
        INSERT INTO webhook_events (message_id, organization_id, type, data, created_at)
        SELECT ${event.messageId}, ${event.organizationId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb,
               ${at}::timestamptz
        WHERE EXISTS (SELECT 1 FROM targets)
        RETURNING id)
      INSERT INTO webhook_deliveries (event_id, endpoint_id, for_parent, ordering_key, next_attempt_at, created_at)
      SELECT ev.id, t.id, t.for_parent, ${event.orderingKey}, ${at}::timestamptz, ${at}::timestamptz
      FROM ev, targets t
      RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Of these organizations, those an enabled endpoint takes `type` for: one of their own, or one of
 * their parent's. A batch of events asks this first, so the many organizations without webhooks
 * cost it one index read and no event is built for them.
 */
export async function organizationsTaking(
  db: DbOrTx,
  type: WebhookEventType,
  organizationIds: readonly number[],
): Promise<Set<number>> {
  if (organizationIds.length === 0) return new Set();
  const ids = sql.raw([...new Set(organizationIds.map(Number))].join(', '));
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT o.id FROM organizations o
      WHERE o.id IN (${ids}) AND EXISTS (
        SELECT 1 FROM webhook_endpoints e
        WHERE e.organization_id IN (o.id, o.parent_organization_id) AND e.enabled
          AND (cardinality(e.event_types) = 0 OR ${type} = ANY (e.event_types)))`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * insertEvent for many events of one type in one statement (the billing engine's batches): each
 * event with one delivery per endpoint that takes it, in the order given, and nothing for an event
 * no endpoint takes.
 */
export async function insertEvents(
  tx: DbOrTx,
  type: WebhookEventType,
  events: { messageId: string; organizationId: number; data: unknown; orderingKey: string }[],
  at: Date,
): Promise<number[]> {
  if (events.length === 0) return [];
  const when = at.toISOString();
  const payload = JSON.stringify(
    events.map((e, n) => ({
      n,
      message_id: e.messageId,
      organization_id: e.organizationId,
      data: e.data,
      ordering_key: e.orderingKey,
    })),
  );
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`WITH v AS (
        SELECT * FROM json_to_recordset(${payload}::json)
          AS v(n int, message_id text, organization_id int, data jsonb, ordering_key text)),
      targets AS (
        SELECT v.n, e.id, e.organization_id <> v.organization_id AS for_parent
        FROM v
        JOIN organizations o ON o.id = v.organization_id
        JOIN webhook_endpoints e ON e.organization_id IN (o.id, o.parent_organization_id)
        WHERE e.enabled AND (cardinality(e.event_types) = 0 OR ${type} = ANY (e.event_types))),
      ev AS (
        INSERT INTO webhook_events (message_id, organization_id, type, data, created_at)
        SELECT v.message_id, v.organization_id, ${type}, v.data, ${when}::timestamptz
        FROM v WHERE EXISTS (SELECT 1 FROM targets t WHERE t.n = v.n)
        RETURNING id, message_id)
      INSERT INTO webhook_deliveries (event_id, endpoint_id, for_parent, ordering_key, next_attempt_at, created_at)
      SELECT ev.id, t.id, t.for_parent, v.ordering_key, ${when}::timestamptz, ${when}::timestamptz
      FROM ev JOIN v ON v.message_id = ev.message_id JOIN targets t ON t.n = v.n
      ORDER BY v.n, t.id
      RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}

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
