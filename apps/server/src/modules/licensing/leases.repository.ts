import { isLeaseIdShape, type LeaseState } from '@store/core';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { leases } from '../../db/schema';

// Every write of leases (licensing owns the table, docs/decisions/034; the engines' batched checkouts
// and renewals are in lease-batches.repository.ts). A lease holds its seat while
// expires_at is after the clock of the moment; rows past it are dead weight that checkout clears.

export type LeaseRow = typeof leases.$inferSelect;

export const toLeaseState = (row: LeaseRow): LeaseState => ({
  leaseId: row.id,
  fingerprint: row.fingerprint,
  hostname: row.hostname,
  startedAt: row.startedAt.toISOString(),
  renewedAt: row.renewedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  borrowed: row.borrowedAt !== null,
});

/** The license's live leases, soonest to end first (the first is when a seat frees up next). */
export async function liveLeases(db: DbOrTx, subscriptionId: number, now: Date): Promise<LeaseRow[]> {
  return db
    .select()
    .from(leases)
    .where(and(eq(leases.subscriptionId, subscriptionId), gt(leases.expiresAt, now)))
    .orderBy(asc(leases.expiresAt), asc(leases.hostname));
}

/** Seats held now (validation's count of a floating license's engines). */
export async function countLiveLeases(db: DbOrTx, subscriptionId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leases)
    .where(and(eq(leases.subscriptionId, subscriptionId), gt(leases.expiresAt, now)));
  return Number(row?.n ?? 0);
}

export async function findLease(
  db: DbOrTx,
  subscriptionId: number,
  leaseId: string,
): Promise<LeaseRow | null> {
  if (!isLeaseIdShape(leaseId)) return null;
  const rows = await db
    .select()
    .from(leases)
    .where(and(eq(leases.id, leaseId), eq(leases.subscriptionId, subscriptionId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Borrowing: the lease is held offline until `until` (or its return). Null when not live. */
export async function borrowLease(
  tx: DbOrTx,
  subscriptionId: number,
  leaseId: string,
  now: Date,
  until: Date,
): Promise<LeaseRow | null> {
  if (!isLeaseIdShape(leaseId)) return null;
  const rows = await tx
    .update(leases)
    .set({ borrowedAt: now, renewedAt: now, expiresAt: until })
    .where(and(eq(leases.id, leaseId), eq(leases.subscriptionId, subscriptionId), gt(leases.expiresAt, now)))
    .returning();
  return rows[0] ?? null;
}

/** End by an administrator; null when the license has no such lease. */
export async function deleteLease(
  tx: DbOrTx,
  subscriptionId: number,
  leaseId: string,
): Promise<LeaseRow | null> {
  if (!isLeaseIdShape(leaseId)) return null;
  const rows = await tx
    .delete(leases)
    .where(and(eq(leases.id, leaseId), eq(leases.subscriptionId, subscriptionId)))
    .returning();
  return rows[0] ?? null;
}

/** Check-in by the engine, which names its lease only; null when there is no such lease. */
export async function deleteLeaseById(db: DbOrTx, leaseId: string): Promise<LeaseRow | null> {
  if (!isLeaseIdShape(leaseId)) return null;
  const rows = await db.delete(leases).where(eq(leases.id, leaseId)).returning();
  return rows[0] ?? null;
}

/** Flush Keys frees every seat: the leases with the machines. */
export async function deleteAllLeases(tx: DbOrTx, subscriptionId: number): Promise<number> {
  const rows = await tx
    .delete(leases)
    .where(eq(leases.subscriptionId, subscriptionId))
    .returning({ id: leases.id });
  return rows.length;
}
