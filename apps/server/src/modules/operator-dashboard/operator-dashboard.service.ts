import {
  addDays,
  fromCents,
  type MrrItem,
  monthlyValueCents,
  monthStartOf,
  type OpsDashboard,
  pricePerCycleCents,
  RECEIVABLE_BUCKETS,
  RENEWALS_AHEAD_DAYS,
  type ReceivableBucket,
  receivableBucketOf,
  summarizeMrr,
  weekStartOf,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import { openDisputes } from '../disputes';
import {
  type BilledSubscriptionRow,
  billedCycleAt,
  billedSubscriptions,
  declinedAttempts,
  unpaidBills,
} from './operator-dashboard.repository';

const date = (d: Date | string) => new Date(d);

/** Its plan's price per cycle today for the terms in force, a month's share (docs/design.md §2). */
const planMonthlyCents = (s: BilledSubscriptionRow) =>
  monthlyValueCents(
    pricePerCycleCents({
      plan: {
        product: s.product,
        monthlyFeeCents: s.monthly_fee_cents,
        xtraAutoTagPerMonthCents: s.xtra_auto_tag_per_month_cents,
      },
      numberMachines: s.number_machines,
      xtraAutoTags: s.xtra_auto_tags,
      billingMode: s.billing_mode,
      cycleDiscountBp: s.billing_mode_discount_bp,
      orgDiscountBp: s.org_discount_bp,
    }),
    s.billing_mode,
  );

/** What its next renewal bills: the terms the renewal takes, at today's plan price, as the engine prices it. */
const renewalCents = (s: BilledSubscriptionRow) =>
  pricePerCycleCents({
    plan: {
      product: s.renewal_product,
      monthlyFeeCents: s.renewal_monthly_fee_cents,
      xtraAutoTagPerMonthCents: s.renewal_xtra_auto_tag_per_month_cents,
    },
    numberMachines: s.renewal_number_machines,
    xtraAutoTags: s.renewal_xtra_auto_tags,
    billingMode: s.billing_mode,
    cycleDiscountBp: s.billing_mode_discount_bp,
    orgDiscountBp: s.org_discount_bp,
  });

/**
 * The console's home (docs/decisions/028): MRR and its movement this month, failed payments this
 * week, renewals ahead, receivables by age and open disputes, all on the store's clock. It reads
 * only; every figure's rule is core's.
 */
export function createOperatorDashboardService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    /** One organization's share of the MRR (the console's organization page), in cents. */
    async organizationMrrCents(organizationId: number): Promise<number> {
      const now = clock.now();
      const running = await billedSubscriptions(db, now, organizationId);
      const items: MrrItem[] = running.map((s) => ({
        startedAt: date(s.purchased_at ?? s.created_at),
        endsAt: s.deactivate_date ? date(s.deactivate_date) : null,
        planMonthlyCents: planMonthlyCents(s),
        billedAtMonthStartCents: null,
        billedNowCents: null,
      }));
      return summarizeMrr(items, monthStartOf(now), now).mrrCents;
    },

    async dashboard(): Promise<OpsDashboard> {
      const now = clock.now();
      const monthStart = monthStartOf(now);
      const weekStart = weekStartOf(now);
      const until = addDays(now, RENEWALS_AHEAD_DAYS);
      const subscriptions = await billedSubscriptions(db, monthStart);
      const billedAtStart = await billedCycleAt(db, monthStart);
      const billedNow = await billedCycleAt(db, now);
      const unpaid = await unpaidBills(db);
      const declined = await declinedAttempts(db, weekStart, now);
      const disputes = await openDisputes(db);

      const monthly = (cycle: { amountCents: number; billingMode: number } | undefined) =>
        cycle ? monthlyValueCents(cycle.amountCents, cycle.billingMode) : null;
      const items: MrrItem[] = subscriptions.map((s) => ({
        startedAt: date(s.purchased_at ?? s.created_at),
        // One made inactive without a date ended before anything here could count it.
        endsAt: s.deactivate_date ? date(s.deactivate_date) : s.is_active ? null : date(s.created_at),
        planMonthlyCents: planMonthlyCents(s),
        billedAtMonthStartCents: monthly(billedAtStart.get(s.id)),
        billedNowCents: monthly(billedNow.get(s.id)),
      }));
      const mrr = summarizeMrr(items, monthStart, now);

      const renewing = subscriptions.filter(
        (s) =>
          s.is_active &&
          s.deactivate_date === null &&
          s.next_base_billing_date !== null &&
          date(s.next_base_billing_date) <= until,
      );

      const buckets = new Map<ReceivableBucket, { bills: number; cents: number }>(
        RECEIVABLE_BUCKETS.map((b) => [b, { bills: 0, cents: 0 }]),
      );
      for (const bill of unpaid) {
        // Only a card charge being settled has no due date: nothing is late yet.
        const bucket = buckets.get(bill.due_date ? receivableBucketOf(date(bill.due_date), now) : 'current')!;
        bucket.bills += 1;
        bucket.cents += Number(bill.total_cents);
      }

      const atRisk = new Map<number, number>();
      for (const a of declined) if (a.owed) atRisk.set(Number(a.order_id), Number(a.total_cents));
      const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

      return {
        asOf: now.toISOString(),
        monthStart: monthStart.toISOString(),
        weekStart: weekStart.toISOString(),
        mrr: {
          mrr: fromCents(mrr.mrrCents),
          subscriptions: mrr.subscriptions,
          atMonthStart: fromCents(mrr.atMonthStartCents),
          new: fromCents(mrr.newCents),
          newSubscriptions: mrr.newSubscriptions,
          expansion: fromCents(mrr.expansionCents),
          contraction: fromCents(mrr.contractionCents),
          churn: fromCents(mrr.churnCents),
          churnedSubscriptions: mrr.churnedSubscriptions,
          notBilledYet: fromCents(mrr.notBilledYetCents),
        },
        failedPayments: {
          count: declined.length,
          bills: new Set(declined.map((a) => Number(a.order_id))).size,
          amountAtRisk: fromCents(sum(atRisk.values())),
        },
        renewals: {
          until: until.toISOString(),
          count: renewing.length,
          amount: fromCents(sum(renewing.map(renewalCents))),
        },
        receivables: {
          buckets: RECEIVABLE_BUCKETS.map((bucket) => ({
            bucket,
            bills: buckets.get(bucket)!.bills,
            amount: fromCents(buckets.get(bucket)!.cents),
          })),
          bills: unpaid.length,
          amount: fromCents(sum(unpaid.map((b) => Number(b.total_cents)))),
        },
        disputes: {
          open: disputes.length,
          amount: fromCents(sum(disputes.map((d) => Number(d.amount_cents)))),
        },
      };
    },
  };
}

export type OperatorDashboardService = ReturnType<typeof createOperatorDashboardService>;
