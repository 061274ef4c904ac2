import {
  addMonthsClamped,
  type BilledToSource,
  BillStatus,
  billedRtusAtMonthStart,
  billedToOf,
  billPeriodKey,
  CARRY_PENDING_STATUS,
  carriedLineDescription,
  dueDateOf,
  formatUsd,
  initialBillStatus,
  lateOverageLine,
  monthsPerCycle,
  overageChargeCents,
  overageFigureCents,
  type PromotionTerms,
  pricePerCycleCents,
  productLabel,
  promotionAppliesToPlan,
  promotionCoversCycle,
  promotionDiscountCents,
  smallAmountOutcome,
  unbilledOverRtus,
} from '@store/core';
import type { NewBill } from './bill-batches.repository';
import type { CarriedBill } from './carried-bills.repository';

export interface DueSubscription {
  id: number;
  organizationId: number;
  description: string;
  billingMode: number;
  billingModeDiscountBp: number;
  numberMachines: number;
  xtraAutoTags: number;
  nextBaseBillingDate: Date;
  nextOverageBillingDate: Date | null;
  currentPeriodStart: Date;
  anchorDay: number;
  annualUsageReset: boolean;
  usageYearStart: Date | null;
  accruedRtusThisMonth: number;
  billedRtusThisMonth: number;
  overageChargesPaidThisMonthCents: number;
  maxAdditionalMonthlyChargeCents: number;
  plan: {
    product: number;
    planName: string;
    monthlyFeeCents: number;
    xtraAutoTagPerMonthCents: number;
    baseRtus: number;
    overagePerRtuMicros: number;
  };
  /** The base RTUs of the plan in force until now (a renewal may put its pending plan in its place). */
  baseRtusBefore: number;
  /** The organization's payment terms, for an invoice's due date (docs/decisions/030). */
  paymentTermsDays: number;
  /** The organization as billed: its row's billing columns. */
  org: BilledToSource;
  /**
   * The promotion code it was bought with (docs/decisions/041): its terms, the plans it names, the
   * plan billed next and the cycles discounted so far; null without one.
   */
  promotion: {
    code: string;
    terms: PromotionTerms;
    planIds: number[];
    billedPlanId: number;
    cyclesUsed: number;
  } | null;
}

// The bills the engine makes on schedule (docs/design.md §3), priced from the subscription's saved values.

/**
 * The status a scheduled bill starts in: as core's initialBillStatus, except that an amount the
 * gateway would refuse waits to be carried to the subscription's next bill (smallAmountOutcome; the
 * subscription is going on, as it is being billed).
 */
const scheduledStatus = (amountCents: number, billedByInvoice: boolean): number =>
  smallAmountOutcome({ amountCents, billedByInvoice, subscriptionActive: true }) === 'carry'
    ? CARRY_PENDING_STATUS
    : initialBillStatus({ amountCents, billedByInvoice });

/**
 * What a renewal and an overage bill share: the subscription's organization, the due date of its kind,
 * the period's key (one bill a period), and a charge at once unless it waits (invoice, carried).
 */
const scheduledBill = (
  sub: DueSubscription,
  kind: NewBill['kind'],
  a: { status: number; totalCents: number; billingDate: Date; periodStart: Date; now: Date },
) => ({
  organizationId: sub.organizationId,
  kind,
  status: a.status,
  totalCents: a.totalCents,
  billingDate: a.billingDate,
  dueDate: dueDateOf({
    kind,
    status: a.status,
    billingDate: a.billingDate,
    paymentTermsDays: sub.paymentTermsDays,
  })!,
  periodKey: billPeriodKey(kind, sub.id, a.periodStart),
  nextAttemptAt: a.status === BillStatus.ChargePending ? a.now : null,
});

/**
 * The renewal bill of a subscription's next period, priced from its saved values (docs/design.md §2),
 * less its promotion code while the code covers it, with a line for each small bill carried into it.
 * `promotionCycle` says whether this period is one the code covers (the subscription counts it).
 */
export function renewalBill(
  sub: DueSubscription,
  now: Date,
  carried: CarriedBill[] = [],
): { bill: NewBill; periodEnd: Date; promotionCycle: boolean } {
  const periodStart = sub.nextBaseBillingDate;
  const periodEnd = addMonthsClamped(periodStart, monthsPerCycle(sub.billingMode), sub.anchorDay);
  const billedTo = billedToOf(sub.org);
  const input = {
    plan: sub.plan,
    numberMachines: sub.numberMachines,
    xtraAutoTags: sub.xtraAutoTags,
    billingMode: sub.billingMode,
    cycleDiscountBp: sub.billingModeDiscountBp,
    orgDiscountBp: billedTo.orgDiscountBp ?? 0,
  };
  const discounted = pricePerCycleCents(input);
  const list = pricePerCycleCents({ ...input, cycleDiscountBp: 0, orgDiscountBp: 0 });
  // The code covers this period while cycles remain and the plan billed is one it names.
  const promo = sub.promotion;
  const promotionCycle =
    promo !== null &&
    promotionCoversCycle(promo.terms, promo.cyclesUsed) &&
    promotionAppliesToPlan(promo.planIds, promo.billedPlanId);
  const promotionCents = promotionCycle ? promotionDiscountCents(promo.terms, discounted) : 0;
  const amount = discounted - promotionCents;
  const total = amount + carried.reduce((sum, c) => sum + c.amountCents, 0);
  const byInvoice = billedTo.billedByInvoice;
  // A bill of nothing (a 100 % discount) is paid as it is made: there is nothing to charge.
  const free = total === 0;
  const status = scheduledStatus(total, byInvoice);
  const line = {
    subscriptionId: sub.id,
    description: sub.description,
    productName: productLabel(sub.plan.product),
    planName: sub.plan.planName,
    billingMode: sub.billingMode,
    periodStart,
    periodEnd,
    listCents: list,
    discountCents: list - discounted,
    amountCents: amount,
    promotionCode: promotionCycle ? promo.code : null,
    promotionCents,
  };
  return {
    periodEnd,
    promotionCycle,
    bill: {
      ...scheduledBill(sub, 'renewal', {
        status,
        totalCents: total,
        billingDate: periodStart,
        periodStart,
        now,
      }),
      paidAt: free ? now : null,
      billedTo,
      line,
      carriedLines: carried.map((c) => ({
        ...line,
        description: carriedLineDescription(c),
        listCents: c.amountCents,
        discountCents: 0,
        amountCents: c.amountCents,
        promotionCode: null,
        promotionCents: 0,
      })),
    },
  };
}

/** Overage of a month already billed, from usage an offline site reported late (docs/decisions/040). */
export interface LateOverage {
  id: number;
  subscriptionId: number;
  monthStart: Date;
  rtus: number;
  amountCents: number;
}

/**
 * The month of usage that ended at nextOverageBillingDate: spec §9's figure (with the annual
 * allowance where set), capped at maxAdditionalMonthlyCharge, never discounted. Returns the bill
 * (null when there is nothing to bill) and the counters for the next month. Overage of earlier
 * months reported late rides on this bill, a line each naming its month, even when this month has none.
 */
export function overageBill(sub: DueSubscription, now: Date, late: LateOverage[] = []) {
  const periodEnd = sub.nextOverageBillingDate!;
  const periodStart = addMonthsClamped(periodEnd, -1, sub.anchorDay);
  const overRtus = unbilledOverRtus({
    accruedRtusThisMonth: sub.accruedRtusThisMonth,
    billedRtusThisMonth: sub.billedRtusThisMonth,
    annualUsageReset: sub.annualUsageReset,
    baseRtus: sub.plan.baseRtus,
  });
  const figure = overageFigureCents({
    accruedRtusThisMonth: sub.accruedRtusThisMonth,
    billedRtusThisMonth: sub.billedRtusThisMonth,
    annualUsageReset: sub.annualUsageReset,
    baseRtus: sub.plan.baseRtus,
    overagePerRtuMicros: sub.plan.overagePerRtuMicros,
    overageChargesPaidThisMonthCents: sub.overageChargesPaidThisMonthCents,
  });
  const { amountCents: amount, capped } = overageChargeCents({
    figureCents: figure,
    maxAdditionalMonthlyChargeCents: sub.maxAdditionalMonthlyChargeCents,
    overageChargesPaidThisMonthCents: sub.overageChargesPaidThisMonthCents,
  });

  // Next month of usage. Without an annual reset every month starts from zero used, with the base
  // RTUs the plan fee pays for counted as billed (docs/design.md §3); with it the RTUs billed count
  // against the year's allowance until the usage year (12 months) ends.
  const nextOverageBillingDate = addMonthsClamped(periodEnd, 1, sub.anchorDay);
  let accrued = 0;
  let billed = billedRtusAtMonthStart({
    annualUsageReset: sub.annualUsageReset,
    baseRtus: sub.plan.baseRtus,
  });
  let usageYearStart: Date | null = null;
  if (sub.annualUsageReset) {
    usageYearStart = sub.usageYearStart ?? periodStart;
    if (periodEnd.getTime() >= addMonthsClamped(usageYearStart, 12, sub.anchorDay).getTime()) {
      usageYearStart = periodEnd;
    } else {
      accrued = sub.accruedRtusThisMonth;
      billed = sub.billedRtusThisMonth + overRtus;
    }
  }
  const rollover = { id: sub.id, nextOverageBillingDate, accrued, billed, usageYearStart };
  const lateCents = late.reduce((sum, l) => sum + l.amountCents, 0);
  if (amount <= 0 && lateCents <= 0) return { bill: null, rollover };

  const billedTo = billedToOf(sub.org);
  const total = amount + lateCents;
  const status = scheduledStatus(total, billedTo.billedByInvoice);
  const cappedNote = capped
    ? `, capped at your maximum of ${formatUsd(sub.maxAdditionalMonthlyChargeCents)}`
    : '';
  const lineOf = (description: string, periodStart: Date, periodEnd: Date, cents: number) => ({
    subscriptionId: sub.id,
    description,
    productName: productLabel(sub.plan.product),
    planName: sub.plan.planName,
    billingMode: sub.billingMode,
    periodStart,
    periodEnd,
    // Overage is never discounted; the cap is not a discount, so the line shows what is owed.
    listCents: cents,
    discountCents: 0,
    amountCents: cents,
  });
  const lines = [
    ...(amount > 0
      ? [
          lineOf(
            `${sub.description}: overage, ${overRtus.toLocaleString('en-US')} RTUs over the allowance${cappedNote}`,
            periodStart,
            periodEnd,
            amount,
          ),
        ]
      : []),
    ...late
      .filter((l) => l.amountCents > 0)
      .map((l) =>
        lineOf(
          lateOverageLine(sub.description, l.monthStart, l.rtus),
          l.monthStart,
          addMonthsClamped(l.monthStart, 1, sub.anchorDay),
          l.amountCents,
        ),
      ),
  ];
  const bill: NewBill = {
    ...scheduledBill(sub, 'overage', {
      status,
      totalCents: total,
      billingDate: periodEnd,
      periodStart,
      now,
    }),
    paidAt: null,
    billedTo,
    line: lines[0]!,
    carriedLines: lines.slice(1),
  };
  return { bill, rollover };
}
