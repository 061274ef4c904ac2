import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type SubscriptionRow, subscriptions } from '../../db/schema';

// The month's usage counter of a subscription, written as licensing records usage reports.

/** The month's usage counters and cap as they stand after usage was added (the usage meter's input). */
export type UsageCounters = Pick<
  SubscriptionRow,
  | 'accruedRtusThisMonth'
  | 'billedRtusThisMonth'
  | 'overageChargesPaidThisMonthCents'
  | 'maxAdditionalMonthlyChargeCents'
  | 'annualUsageReset'
  | 'nextOverageBillingDate'
>;

/**
 * Adds newly recorded usage to the month's counter (licensing's usage reports, under the row lock)
 * and answers the counters as they now stand; null when nothing was added.
 */
export async function addAccruedRtus(tx: DbOrTx, id: number, rtus: number): Promise<UsageCounters | null> {
  if (rtus === 0) return null;
  const [row] = await tx
    .update(subscriptions)
    .set({ accruedRtusThisMonth: sql`${subscriptions.accruedRtusThisMonth} + ${rtus}` })
    .where(eq(subscriptions.id, id))
    .returning({
      accruedRtusThisMonth: subscriptions.accruedRtusThisMonth,
      billedRtusThisMonth: subscriptions.billedRtusThisMonth,
      overageChargesPaidThisMonthCents: subscriptions.overageChargesPaidThisMonthCents,
      maxAdditionalMonthlyChargeCents: subscriptions.maxAdditionalMonthlyChargeCents,
      annualUsageReset: subscriptions.annualUsageReset,
      nextOverageBillingDate: subscriptions.nextOverageBillingDate,
    });
  return row ?? null;
}

/**
 * Announces, after the usage's commit, that a subscription's usage changed (the read caches of every
 * server forget its organization's list and license). The counter's update is not announced at its
 * commit (migration 0110): a notifying transaction holds the notification lock through its flush.
 * A process that dies between the commit and this statement leaves other servers showing the usage
 * before it until the subscription's next report or change.
 */
export async function announceUsageChanged(db: DbOrTx, id: number): Promise<void> {
  await db.execute(
    sql`SELECT store_notify_organizations(ARRAY(SELECT organization_id FROM subscriptions WHERE id = ${id}))`,
  );
}
