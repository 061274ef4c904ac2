import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type SubscriptionRow, subscriptions } from '../../db/schema';

/**
 * The subscriptions that renew on a plan, locked for a change: active, not cancelled, not perpetual,
 * and on the plan at their next renewal (their pending plan, else their plan), as the catalogue
 * counts a plan's subscribers.
 */
export async function lockRenewingOnPlan(tx: DbOrTx, planId: number): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.isActive, true),
        eq(subscriptions.isPerpetualLicense, false),
        isNull(subscriptions.deactivateDate),
        sql`COALESCE(${subscriptions.pendingPricingPlanId}, ${subscriptions.pricingPlanId}) = ${planId}`,
      ),
    )
    .orderBy(asc(subscriptions.id))
    .for('update');
}
