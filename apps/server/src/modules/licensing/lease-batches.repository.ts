import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { leases } from '../../db/schema';
import type { LeaseRow } from './leases.repository';

// Batched writes of leases (docs/decisions/045): many engines' calls in one statement, each call's
// values one element of a JSON parameter (as usage reports are), so one commit serves them all.

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

type RawLease = {
  id: string;
  subscription_id: number;
  fingerprint: string;
  hostname: string;
  started_at: Date | string;
  renewed_at: Date | string;
  expires_at: Date | string;
  borrowed_at: Date | string | null;
};

const leaseOf = (r: RawLease): LeaseRow => ({
  id: r.id,
  subscriptionId: Number(r.subscription_id),
  fingerprint: r.fingerprint,
  hostname: r.hostname,
  startedAt: new Date(r.started_at),
  renewedAt: new Date(r.renewed_at),
  expiresAt: new Date(r.expires_at),
  borrowedAt: r.borrowed_at === null ? null : new Date(r.borrowed_at),
});

/**
 * A PostgreSQL array literal as one text parameter (`= ANY(${pgArray(ids)}::uuid[])`), so that the
 * planner looks the batch's rows up by index: it cannot see how few rows the JSON parameter holds.
 */
const pgArray = (values: readonly (string | number)[]) =>
  `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Renewals by lease id in one statement, each as renewLiveLease's: only a live lease of its license,
 * never shortened. Answers the renewed rows; a lease not among them is gone or lapsed. Ids must have
 * the lease id's shape (a malformed one would fail the whole statement).
 */
export async function renewLeasesById(
  db: DbOrTx,
  calls: readonly { leaseId: string; subscriptionId: number; now: Date; expiresAt: Date }[],
): Promise<LeaseRow[]> {
  const rows = await queryRows<RawLease>(
    db,
    sql`UPDATE ${leases} AS l
        SET renewed_at = r.now, expires_at = greatest(l.expires_at, r."expiresAt")
        FROM jsonb_to_recordset(${JSON.stringify(calls)}::jsonb)
          AS r("leaseId" uuid, "subscriptionId" int, now timestamptz, "expiresAt" timestamptz)
        WHERE l.id = ANY(${pgArray(calls.map((c) => c.leaseId))}::uuid[])
          AND l.id = r."leaseId" AND l.subscription_id = r."subscriptionId" AND l.expires_at > r.now
        RETURNING l.*`,
  );
  return rows.map(leaseOf);
}

/**
 * The licenses' row locks, taken in id order so that batches of several licenses never wait on each
 * other in a circle (docs/decisions/034: checkouts of one license are serialized by its row).
 */
export async function lockLicenses(tx: DbOrTx, subscriptionIds: readonly number[]): Promise<void> {
  await queryRows(
    tx,
    sql`SELECT id FROM subscriptions WHERE id = ANY(${pgArray(subscriptionIds)}::int[]) ORDER BY id FOR UPDATE`,
  );
}

export interface Seats {
  /** Live leases, the ones just renewed included. */
  held: number;
  /** When the first live lease ends. */
  nextEndsAt: Date | null;
}

/**
 * Under the licenses' locks, in one statement: leases that ended by themselves are cleared, each
 * checkout whose fingerprint holds a live lease renews it (and its host name), and each license's
 * seats are counted. Answers the renewed rows and the seats per license.
 */
export async function clearRenewAndCount(
  tx: DbOrTx,
  subscriptionIds: readonly number[],
  calls: readonly { subscriptionId: number; fingerprint: string; hostname: string; expiresAt: Date }[],
  now: Date,
): Promise<{ renewed: LeaseRow[]; seats: Map<number, Seats> }> {
  const ids = sql`${pgArray(subscriptionIds)}::int[]`;
  const input = calls.map(({ subscriptionId, fingerprint, hostname, expiresAt }) => ({
    subscriptionId,
    fingerprint,
    hostname,
    expiresAt,
  }));
  // One snapshot for every part: the count sees the renewed leases as they were (live, so counted),
  // and their new ends are added to the soonest end from the renewed rows.
  const rows = await queryRows<{
    lease: RawLease | null;
    id: number | null;
    held: number;
    next: Date | string | null;
  }>(
    tx,
    sql`WITH gone AS (
          DELETE FROM ${leases} WHERE subscription_id = ANY(${ids}) AND expires_at <= ${ts(now)}
        ),
        input AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            AS r("subscriptionId" int, fingerprint text, hostname text, "expiresAt" timestamptz)
        ),
        renewed AS (
          UPDATE ${leases} AS l
          SET renewed_at = ${ts(now)}, expires_at = greatest(l.expires_at, i."expiresAt"), hostname = i.hostname
          FROM input AS i
          WHERE l.subscription_id = ANY(${ids}) AND l.fingerprint = ANY(${pgArray(calls.map((c) => c.fingerprint))}::text[])
            AND l.subscription_id = i."subscriptionId" AND l.fingerprint = i.fingerprint AND l.expires_at > ${ts(now)}
          RETURNING l.*
        ),
        seats AS (
          SELECT l.subscription_id AS id, count(*)::int AS held,
                 min(l.expires_at) FILTER (WHERE i.fingerprint IS NULL) AS next
          FROM ${leases} AS l
          LEFT JOIN input AS i ON i."subscriptionId" = l.subscription_id AND i.fingerprint = l.fingerprint
          WHERE l.subscription_id = ANY(${ids}) AND l.expires_at > ${ts(now)}
          GROUP BY l.subscription_id
        )
        SELECT to_jsonb(renewed) AS lease, NULL::int AS id, 0 AS held, NULL::timestamptz AS next FROM renewed
        UNION ALL
        SELECT NULL, id, held, next FROM seats`,
  );
  const renewed = rows.flatMap((r) => (r.lease ? [leaseOf(r.lease)] : []));
  const seats = new Map<number, Seats>();
  for (const r of rows) {
    if (r.id !== null) {
      seats.set(Number(r.id), { held: Number(r.held), nextEndsAt: r.next ? new Date(r.next) : null });
    }
  }
  for (const row of renewed) {
    const license = seats.get(row.subscriptionId);
    if (license && (!license.nextEndsAt || row.expiresAt < license.nextEndsAt))
      license.nextEndsAt = row.expiresAt;
  }
  return { renewed, seats };
}

/** New leases, one statement for the batch; answers them in the order given. */
export async function insertLeases(
  tx: DbOrTx,
  values: readonly { subscriptionId: number; fingerprint: string; hostname: string; expiresAt: Date }[],
  now: Date,
): Promise<LeaseRow[]> {
  const input = values.map((v) => ({ ...v, id: randomUUID() }));
  const rows = await queryRows<RawLease>(
    tx,
    sql`INSERT INTO ${leases} (id, subscription_id, fingerprint, hostname, started_at, renewed_at, expires_at)
        SELECT r.id, r."subscriptionId", r.fingerprint, r.hostname, ${ts(now)}, ${ts(now)}, r."expiresAt"
        FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          AS r(id uuid, "subscriptionId" int, fingerprint text, hostname text, "expiresAt" timestamptz)
        RETURNING *`,
  );
  const byId = new Map(rows.map((r) => [r.id, leaseOf(r)]));
  return input.map((v) => byId.get(v.id)!);
}
