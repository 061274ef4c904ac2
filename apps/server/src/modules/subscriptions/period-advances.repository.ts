import { billedRtusAfterPlanChange } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { DueSubscription } from '../bills';

// The billing engine moves claimed subscriptions into their next period here, in the transaction
// that writes their bills, so a bill and the period it advances commit together (docs/design.md §3).

const list = (values: readonly number[]) => sql.raw(values.join(', '));

/**
 * Moves renewed subscriptions (as claimDueRenewals read them, rows still locked) into their new paid
 * period, with their pending terms. A pending plan change moves the month's billed RTUs by core's
 * rule for any plan change, as the editor's immediate changes do: after a downgrade the month is
 * billed beyond the new plan's base RTUs, not the old plan's.
 */
export async function advanceBasePeriods(
  tx: DbOrTx,
  updates: { sub: DueSubscription; periodStart: Date; periodEnd: Date; promotionCycle?: boolean }[],
): Promise<void> {
  if (updates.length === 0) return;
  const payload = JSON.stringify(
    updates.map(({ sub, periodStart, periodEnd, promotionCycle }) => ({
      id: sub.id,
      ps: periodStart.toISOString(),
      pe: periodEnd.toISOString(),
      // A period its promotion code covered counts as one of the code's cycles (docs/decisions/041).
      pc: promotionCycle ? 1 : 0,
      billed: billedRtusAfterPlanChange({
        annualUsageReset: sub.annualUsageReset,
        billedRtusThisMonth: sub.billedRtusThisMonth,
        fromBaseRtus: sub.baseRtusBefore,
        toBaseRtus: sub.plan.baseRtus,
      }),
    })),
  );
  await tx.execute(sql`UPDATE subscriptions s SET current_period_start = v.ps, next_base_billing_date = v.pe,
      pricing_plan_id = COALESCE(s.pending_pricing_plan_id, s.pricing_plan_id),
      number_machines = COALESCE(s.pending_number_machines, s.number_machines),
      xtra_auto_tags = COALESCE(s.pending_xtra_auto_tags, s.xtra_auto_tags),
      pending_pricing_plan_id = NULL, pending_number_machines = NULL, pending_xtra_auto_tags = NULL,
      billed_rtus_this_month = v.billed, promotion_cycles_used = s.promotion_cycles_used + v.pc,
      version = s.version + 1
    FROM json_to_recordset(${payload}::json) AS v(id int, ps timestamptz, pe timestamptz, pc int, billed bigint)
    WHERE s.id = v.id`);
}

/** Rolls the usage counters into the next month of usage (after its overage was billed). */
export async function rollOverUsage(
  tx: DbOrTx,
  updates: {
    id: number;
    nextOverageBillingDate: Date;
    accrued: number;
    billed: number;
    usageYearStart: Date | null;
  }[],
): Promise<void> {
  if (updates.length === 0) return;
  const payload = JSON.stringify(
    updates.map((u) => ({
      id: u.id,
      nob: u.nextOverageBillingDate.toISOString(),
      accrued: u.accrued,
      billed: u.billed,
      ys: u.usageYearStart?.toISOString() ?? null,
    })),
  );
  await tx.execute(sql`UPDATE subscriptions s SET next_overage_billing_date = v.nob,
      accrued_rtus_this_month = v.accrued, billed_rtus_this_month = v.billed,
      overage_charges_paid_this_month_cents = 0, usage_year_start = v.ys
    FROM json_to_recordset(${payload}::json) AS v(id int, nob timestamptz, accrued bigint, billed bigint, ys timestamptz)
    WHERE s.id = v.id`);
}

/** Offline-enabled subscriptions billed on these renewal bills (their license file follows each payment). */
export async function offlineSubscriptionsOfRenewals(db: DbOrTx, orderIds: number[]): Promise<number[]> {
  const found = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT s.id FROM order_lines l
      JOIN orders o ON o.id = l.order_id AND o.kind = 'renewal'
      JOIN subscriptions s ON s.id = l.subscription_id AND s.is_offline_enabled
      WHERE l.order_id IN (${list(orderIds)})`,
  );
  return found.map((r) => Number(r.id));
}
