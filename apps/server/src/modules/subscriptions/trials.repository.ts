import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { planTrials } from '../../db/schema';

// plan_trials: the trials each organization has started, one per plan (docs/decisions/043), and the
// trials that end at their date because no card is on file.

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The plans of which the organization has started a trial (whatever became of it). */
export async function trialedPlanIds(db: DbOrTx, organizationId: number): Promise<Set<number>> {
  const rows = await db
    .select({ planId: planTrials.pricingPlanId })
    .from(planTrials)
    .where(eq(planTrials.organizationId, organizationId));
  return new Set(rows.map((r) => r.planId));
}

/**
 * Records the trials an order starts; the plans recorded now. A plan already recorded (an earlier
 * order, or a checkout racing this one that committed first) is not: the primary key decides.
 */
export async function insertTrials(
  tx: DbOrTx,
  t: { organizationId: number; orderId: number; planIds: number[]; now: Date },
): Promise<number[]> {
  if (t.planIds.length === 0) return [];
  const rows = await tx
    .insert(planTrials)
    .values(
      [...new Set(t.planIds)].map((pricingPlanId) => ({
        organizationId: t.organizationId,
        pricingPlanId,
        orderId: t.orderId,
        startedAt: t.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ planId: planTrials.pricingPlanId });
  return rows.map((r) => r.planId);
}

/** The trials of an order the card refused: nothing was bought, so the trial can be started again. */
export async function deleteTrialsOfOrder(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.delete(planTrials).where(eq(planTrials.orderId, orderId));
}

/**
 * Trials at their end whose organization has no card on file (and is not billed by invoice): they end
 * at the trial's end instead of being charged. Only a trial not yet converted (its next billing date is
 * still the trial's end) is ended, and only once (it is no longer active after).
 */
export async function endUnconvertibleTrials(
  tx: DbOrTx,
  now: Date,
): Promise<{ id: number; organizationId: number }[]> {
  const rows = await queryRows<{ id: number; organization_id: number }>(
    tx,
    sql`UPDATE subscriptions s SET is_active = false, deactivate_date = s.trial_ends_at,
        version = s.version + 1
      FROM organizations o
      WHERE o.id = s.organization_id AND s.trial_ends_at IS NOT NULL AND s.trial_ends_at <= ${ts(now)}
        AND s.next_base_billing_date = s.trial_ends_at AND s.is_active AND s.deactivate_date IS NULL
        AND NOT o.billed_by_invoice AND o.payment_method_id IS NULL
      RETURNING s.id, s.organization_id`,
  );
  return rows.map((r) => ({ id: Number(r.id), organizationId: Number(r.organization_id) }));
}
