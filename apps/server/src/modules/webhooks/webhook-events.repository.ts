import type { WebhookEventType } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// Webhook events and the deliveries they fan out to (docs/decisions/027): the one writer of
// `webhook_events`, and of new rows of `webhook_deliveries`.

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
    /** Held until then for the caller that sends it now (a test event): the sender leaves it alone. */
    leaseUntil?: Date;
  },
): Promise<number[]> {
  const at = event.at.toISOString();
  const leaseUntil = event.leaseUntil?.toISOString() ?? null;
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
      INSERT INTO webhook_deliveries
        (event_id, endpoint_id, for_parent, ordering_key, next_attempt_at, created_at, lease_until)
      SELECT ev.id, t.id, t.for_parent, ${event.orderingKey}, ${at}::timestamptz, ${at}::timestamptz,
             ${leaseUntil}::timestamptz
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
