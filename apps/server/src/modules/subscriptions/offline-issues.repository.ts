import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offlineLicenseIssues, subscriptions } from '../../db/schema';
import { recordAudit } from '../audit';

// The history of offline license files Enable Offline issued, and the operator's allowance of host
// changes beyond one per paid period (docs/design.md §5). Written by the subscriptions module only.

export type OfflineIssue = typeof offlineLicenseIssues.$inferSelect;

export async function insertOfflineIssue(tx: DbOrTx, row: Omit<OfflineIssue, 'id'>): Promise<void> {
  await tx.insert(offlineLicenseIssues).values(row);
}

/** Files issued in the period starting at `periodStart` that replaced a file for other hosts. */
export async function hostChangesInPeriod(
  tx: DbOrTx,
  subscriptionId: number,
  periodStart: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(offlineLicenseIssues)
    .where(
      and(
        eq(offlineLicenseIssues.subscriptionId, subscriptionId),
        eq(offlineLicenseIssues.periodStart, periodStart),
        isNotNull(offlineLicenseIssues.replacedEngineHosts),
      ),
    );
  return Number(row?.n ?? 0);
}

export function offlineIssuesOf(db: DbOrTx, subscriptionId: number): Promise<OfflineIssue[]> {
  return db
    .select()
    .from(offlineLicenseIssues)
    .where(eq(offlineLicenseIssues.subscriptionId, subscriptionId))
    .orderBy(asc(offlineLicenseIssues.id));
}

/** The operator allows one more host change of the offline file; the new allowance, null for no such subscription. */
export async function allowOfflineReissue(db: DbOrTx, subscriptionId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ offlineReissuesAllowed: sql`${subscriptions.offlineReissuesAllowed} + 1` })
      .where(eq(subscriptions.id, subscriptionId))
      .returning({
        allowed: subscriptions.offlineReissuesAllowed,
        organizationId: subscriptions.organizationId,
      });
    if (!row) return null;
    await recordAudit(tx, 'subscription.updated', {
      subject: `Subscription ${subscriptionId}`,
      organizationId: row.organizationId,
      before: { offlineReissuesAllowed: row.allowed - 1 },
      after: { offlineReissuesAllowed: row.allowed },
    });
    return row.allowed;
  });
}
