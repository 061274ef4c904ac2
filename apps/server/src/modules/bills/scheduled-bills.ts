import {
  addMonthsClamped,
  type BilledToSource,
  BillStatus,
  billedToOf,
  billPeriodKey,
  CARRY_PENDING_STATUS,
  carriedLineDescription,
  dueDateOf,
  initialBillStatus,
  monthsPerCycle,
  type PromotionTerms,
  pricePerCycleCents,
  productLabel,
  promotionAppliesToPlan,
  promotionCoversCycle,
  promotionDiscountCents,
  smallAmountOutcome,
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
export const scheduledStatus = (amountCents: number, billedByInvoice: boolean): number =>
  smallAmountOutcome({ amountCents, billedByInvoice, subscriptionActive: true }) === 'carry'
    ? CARRY_PENDING_STATUS
    : initialBillStatus({ amountCents, billedByInvoice });

/**
 * What a renewal and an overage bill share: the subscription's organization, the due date of its kind,
 * the period's key (one bill a period), and a charge at once unless it waits (invoice, carried).
 */
export const scheduledBill = (
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
