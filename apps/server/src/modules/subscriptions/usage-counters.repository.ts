import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { SubscriptionRow } from '../../db/schema';

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
 * An engine's usage report is one statement, in its own transaction: licensing inserts the reports
 * and their rollups, and these two parts of the statement, this module's, lock the subscription and
 * add to its counter. One statement instead of a transaction of five round trips took a server's
 * usage calls of one report from about 500 to about 1,100 a second (bench/licensing.ts).
 */
export const usageCounterStatement = {
  /**
   * A CTE body: the subscription's row, locked before any report is inserted (the insert joins it).
   * Every writer of a subscription's usage takes the row first and its rollups after (an offline
   * usage file's late months too), so two of them never wait for each other.
   */
  lock: (id: number): SQL => sql`SELECT id FROM subscriptions WHERE id = ${id} FOR UPDATE`,
  /**
   * A CTE body: adds the pages `added` answers (one row, one number) to the month's counter and
   * answers the counters; nothing when no page was added. The row's own trigger stays silent for a
   * change of the counter alone (migration 0110): the caller announces it after the commit.
   */
  accrue: (id: number, added: SQL): SQL =>
    sql`UPDATE subscriptions s SET accrued_rtus_this_month = s.accrued_rtus_this_month + a.pages
        FROM (${added}) AS a(pages)
        WHERE s.id = ${id} AND a.pages > 0
        RETURNING s.accrued_rtus_this_month AS "accruedRtusThisMonth",
          s.billed_rtus_this_month AS "billedRtusThisMonth",
          s.overage_charges_paid_this_month_cents AS "overageChargesPaidThisMonthCents",
          s.max_additional_monthly_charge_cents AS "maxAdditionalMonthlyChargeCents",
          s.annual_usage_reset AS "annualUsageReset",
          s.next_overage_billing_date AS "nextOverageBillingDate"`,
  /** The counters from the row the `accrue` part answered (bigints arrive as text). */
  read: (row: Record<keyof UsageCounters, unknown> | undefined): UsageCounters | null =>
    row?.accruedRtusThisMonth == null
      ? null
      : {
          accruedRtusThisMonth: Number(row.accruedRtusThisMonth),
          billedRtusThisMonth: Number(row.billedRtusThisMonth),
          overageChargesPaidThisMonthCents: Number(row.overageChargesPaidThisMonthCents),
          maxAdditionalMonthlyChargeCents: Number(row.maxAdditionalMonthlyChargeCents),
          annualUsageReset: Boolean(row.annualUsageReset),
          nextOverageBillingDate:
            row.nextOverageBillingDate == null ? null : new Date(row.nextOverageBillingDate as string | Date),
        },
};

/**
 * Announces, after the usage's commit, that these subscriptions' usage changed (the read caches of
 * every server forget their organizations' lists and licenses): one statement for many reports. Not
 * at the commit: a transaction that notifies holds PostgreSQL's notification lock until its commit
 * is flushed, so usage reports would commit one after another (docs/decisions/021). A process that
 * dies between the commit and this statement leaves other servers showing the usage before it until
 * the subscription's next report or change.
 */
export async function announceUsageChanged(db: DbOrTx, ids: readonly number[]): Promise<void> {
  await db.execute(
    sql`SELECT store_notify_organizations(ARRAY(
          SELECT DISTINCT organization_id FROM subscriptions
          WHERE id = ANY (${`{${ids.join(',')}}`}::int[])))`,
  );
}
