import {
  addMonthsClamped,
  billedRtusAtMonthStart,
  billedToOf,
  formatUsd,
  lateOverageLine,
  overageChargeCents,
  overageFigureCents,
  productLabel,
  unbilledOverRtus,
} from '@store/core';
import type { NewBill } from './bill-batches.repository';
import { type DueSubscription, scheduledBill, scheduledStatus } from './scheduled-bills';

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
