import { randomUUID } from 'node:crypto';
import type { ActivationKind } from '@store/core';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { lateOverage, machineActivations, offlineActivations, usageReports } from '../../db/schema';
import type { LateOverage } from '../bills';

// Every write of offline_activations and late_overage (licensing owns them, docs/decisions/040).

export type OfflineActivationRow = typeof offlineActivations.$inferSelect;

/** A request-flow file holds its seat until released or expired (a perpetual file never expires). */
const holdsSeat = (now: Date) =>
  and(
    isNull(offlineActivations.releasedAt),
    or(isNull(offlineActivations.expiresAt), gt(offlineActivations.expiresAt, now)),
  );

/** The files of the license that hold a seat now (all kinds, or one). */
export async function liveOfflineActivations(
  db: DbOrTx,
  subscriptionId: number,
  now: Date,
  kind?: ActivationKind,
): Promise<OfflineActivationRow[]> {
  return db
    .select()
    .from(offlineActivations)
    .where(
      and(
        eq(offlineActivations.subscriptionId, subscriptionId),
        holdsSeat(now),
        kind ? eq(offlineActivations.kind, kind) : undefined,
      ),
    );
}

/** Seats of a kind held now: machines inside their heartbeat window and request-flow files. */
export async function seatsInUse(
  tx: DbOrTx,
  subscriptionId: number,
  kind: ActivationKind,
  cutoff: Date,
  now: Date,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT (SELECT count(*) FROM ${machineActivations}
                 WHERE ${machineActivations.subscriptionId} = ${subscriptionId} AND ${machineActivations.kind} = ${kind}
                   AND ${machineActivations.lastSeenAt} >= ${cutoff.toISOString()}::timestamptz)
             + (SELECT count(*) FROM ${offlineActivations}
                 WHERE ${offlineActivations.subscriptionId} = ${subscriptionId} AND ${offlineActivations.kind} = ${kind}
                   AND ${offlineActivations.releasedAt} IS NULL
                   AND (${offlineActivations.expiresAt} IS NULL OR ${offlineActivations.expiresAt} > ${now.toISOString()}::timestamptz)) AS n`,
  );
  return Number(row?.n ?? 0);
}

/** Request-flow files of a kind holding a seat now: what online activation counts beside machines. */
export async function countLiveOfflineActivations(
  tx: DbOrTx,
  subscriptionId: number,
  kind: ActivationKind,
  now: Date,
): Promise<number> {
  return (await liveOfflineActivations(tx, subscriptionId, now, kind)).length;
}

export async function insertOfflineActivation(
  tx: DbOrTx,
  values: Omit<OfflineActivationRow, 'id' | 'releasedAt' | 'releasedBy'>,
): Promise<OfflineActivationRow> {
  const [row] = await tx
    .insert(offlineActivations)
    .values({ ...values, id: randomUUID() })
    .returning();
  return row!;
}

/** Frees a file's seat; null when it was already released. */
export async function releaseOfflineActivation(
  tx: DbOrTx,
  id: string,
  now: Date,
  by: 'code' | 'replaced',
): Promise<OfflineActivationRow | null> {
  const rows = await tx
    .update(offlineActivations)
    .set({ releasedAt: now, releasedBy: by })
    .where(and(eq(offlineActivations.id, id), isNull(offlineActivations.releasedAt)))
    .returning();
  return rows[0] ?? null;
}

/** A file the store issued for this subscription, released or not (its usage counts either way). */
export async function findOfflineActivation(
  db: DbOrTx,
  subscriptionId: number,
  id: string,
): Promise<OfflineActivationRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const rows = await db
    .select()
    .from(offlineActivations)
    .where(and(eq(offlineActivations.id, id), eq(offlineActivations.subscriptionId, subscriptionId)))
    .limit(1);
  return rows[0] ?? null;
}

/** RTUs a subscription's reports counted in [start, end): the month's usage before late reports. */
export async function rtusReportedBetween(
  tx: DbOrTx,
  subscriptionId: number,
  start: Date,
  end: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${usageReports.pages}), 0)` })
    .from(usageReports)
    .where(
      and(
        eq(usageReports.subscriptionId, subscriptionId),
        sql`${usageReports.reportedAt} >= ${start.toISOString()}::timestamptz`,
        sql`${usageReports.reportedAt} < ${end.toISOString()}::timestamptz`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertLateOverage(
  tx: DbOrTx,
  values: { subscriptionId: number; monthStart: Date; rtus: number; amountCents: number; now: Date },
): Promise<void> {
  await tx.insert(lateOverage).values({
    subscriptionId: values.subscriptionId,
    monthStart: values.monthStart,
    rtus: values.rtus,
    amountCents: values.amountCents,
    recordedAt: values.now,
  });
}

/**
 * The late overage not billed yet of these subscriptions, oldest month first, locked for the caller's
 * transaction (the one that inserts the bill carrying it and marks it billed), so it is billed once.
 * Rows another run holds are skipped: that run bills them.
 */
export async function lateOverageDue(tx: DbOrTx, subscriptionIds: number[]): Promise<LateOverage[]> {
  if (subscriptionIds.length === 0) return [];
  const rows = await queryRows<{
    id: number;
    subscription_id: number;
    month_start: Date | string;
    rtus: string | number;
    amount_cents: number;
  }>(
    tx,
    sql`SELECT id, subscription_id, month_start, rtus, amount_cents FROM ${lateOverage}
        WHERE subscription_id IN (${sql.join(
          subscriptionIds.map((id) => sql`${id}`),
          sql`, `,
        )}) AND billed_at IS NULL
        ORDER BY month_start, id
        FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    subscriptionId: Number(r.subscription_id),
    monthStart: new Date(r.month_start),
    rtus: Number(r.rtus),
    amountCents: Number(r.amount_cents),
  }));
}

/** Marks late overage billed, in the transaction that inserted the bill carrying it. */
export async function markLateOverageBilled(tx: DbOrTx, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(lateOverage)
    .set({ billedAt: now })
    .where(
      sql`${lateOverage.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}
