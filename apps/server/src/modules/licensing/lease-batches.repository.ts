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

/** A checkout's outcome: the fingerprint's live lease renewed, a new lease, or the license is full. */
export type CheckoutRow =
  | { outcome: 'held' | 'new'; lease: LeaseRow }
  | { outcome: 'full'; nextEndsAt: Date | null };

/**
 * A batch of checkouts in one statement, by migration 0260's checkout_leases: under the licenses'
 * row locks (taken in id order, so batches of several licenses never wait on each other in a circle),
 * each call in turn renews its fingerprint's live lease, takes a seat below `limit`, or finds the
 * license full (docs/decisions/034). Answers one row per call, in the calls' order.
 */
export async function checkoutLeases(
  db: DbOrTx,
  calls: readonly {
    subscriptionId: number;
    limit: number | null;
    fingerprint: string;
    hostname: string;
    expiresAt: Date;
  }[],
  now: Date,
): Promise<CheckoutRow[]> {
  const input = calls.map((c, seq) => ({
    seq,
    id: randomUUID(),
    subscriptionId: c.subscriptionId,
    fingerprint: c.fingerprint,
    hostname: c.hostname,
    expiresAt: c.expiresAt,
    limit: c.limit,
  }));
  const rows = await queryRows<{
    ord: number;
    outcome: 'held' | 'new' | 'full';
    lease: RawLease | null;
    next_ends_at: Date | string | null;
  }>(db, sql`SELECT * FROM checkout_leases(${JSON.stringify(input)}::jsonb, ${ts(now)})`);
  const answers: CheckoutRow[] = [];
  for (const row of rows) {
    answers[Number(row.ord)] =
      row.outcome === 'full'
        ? { outcome: 'full', nextEndsAt: row.next_ends_at ? new Date(row.next_ends_at) : null }
        : { outcome: row.outcome, lease: leaseOf(row.lease as RawLease) };
  }
  return answers;
}
