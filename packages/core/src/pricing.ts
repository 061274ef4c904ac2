import { monthsPerCycle } from './billing-cycle';
import { dollarsToMicros, toCents } from './money';
import { overageAllowanceRtus } from './overage';
import { isProPlan } from './products';

const BP = 10_000n;
const MICROS_PER_CENT = 10_000n;

/** Half-up division of non-negative integers, exact at any size (products can pass 2^53). */
const divHalfUp = (numerator: bigint, denominator: bigint): bigint => {
  if (denominator <= 0n) throw new RangeError('Denominator must be positive');
  const sign = numerator < 0n ? -1n : 1n;
  const abs = numerator * sign;
  return (sign * (2n * abs + denominator)) / (2n * denominator);
};

const int = (name: string, n: number): bigint => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} must be an integer, got ${n}`);
  return BigInt(n);
};

export type PlanPricing = {
  product: number;
  monthlyFeeCents: number;
  xtraAutoTagPerMonthCents: number;
};

export type PricePerCycleInput = {
  plan: PlanPricing;
  numberMachines: number;
  xtraAutoTags: number;
  billingMode: number;
  /** Billing-cycle discount in basis points (frozen on the subscription at purchase). */
  cycleDiscountBp: number;
  /** Organization discount in basis points (read at each charge). */
  orgDiscountBp: number;
};

export const planPricingInput = (plan: {
  product: number;
  monthlyFee: number;
  xtraAutoTagPerMonth: number;
}): PlanPricing => ({
  product: plan.product,
  monthlyFeeCents: toCents(plan.monthlyFee),
  xtraAutoTagPerMonthCents: toCents(plan.xtraAutoTagPerMonth),
});

const grossParts = (input: PricePerCycleInput) => {
  const months = BigInt(monthsPerCycle(input.billingMode));
  const machines = isProPlan(input.plan) ? int('numberMachines', input.numberMachines) : 1n;
  const plan = int('monthlyFeeCents', input.plan.monthlyFeeCents) * machines * months;
  const designers =
    int('xtraAutoTags', input.xtraAutoTags) *
    int('xtraAutoTagPerMonthCents', input.plan.xtraAutoTagPerMonthCents) *
    months;
  const cycleBp = int('cycleDiscountBp', input.cycleDiscountBp);
  const orgBp = int('orgDiscountBp', input.orgDiscountBp);
  if (cycleBp < 0n || cycleBp > BP || orgBp < 0n || orgBp > BP) {
    throw new RangeError('Discounts must be between 0 and 10000 basis points');
  }
  return { plan, designers, gross: plan + designers, cycleBp, orgBp, machines, months };
};

/**
 * docs/design.md §2: round(monthly × monthsPerCycle × (1 − cycleDiscount) × (1 − orgDiscount)), rounded
 * half-up once. The cart, checkout, purchase, renewal and the editor all price through this.
 */
export const pricePerCycleCents = (input: PricePerCycleInput): number => {
  const { gross, cycleBp, orgBp } = grossParts(input);
  return Number(divHalfUp(gross * (BP - cycleBp) * (BP - orgBp), BP * BP));
};

export type PriceLine = { label: string; cents: number };
export type PriceBreakdown = { lines: PriceLine[]; total: number; totalCents: number };

/**
 * The cost breakdown shown in the editor. The discount lines are derived from the rounded totals so
 * that the lines always add up to exactly pricePerCycleCents.
 */
export const priceBreakdown = (input: PricePerCycleInput): PriceBreakdown => {
  const { plan, designers, gross, cycleBp, orgBp, machines, months } = grossParts(input);
  const afterCycle = divHalfUp(gross * (BP - cycleBp), BP);
  const total = BigInt(pricePerCycleCents(input));
  const monthsText = months === 1n ? '1 month' : `${months} months`;
  const lines: PriceLine[] = [
    {
      label: isProPlan(input.plan)
        ? `Plan fee (${machines} × engines, ${monthsText})`
        : `Plan fee (${monthsText})`,
      cents: Number(plan),
    },
  ];
  if (designers > 0n) {
    lines.push({ label: `Extra designers (${input.xtraAutoTags}, ${monthsText})`, cents: Number(designers) });
  }
  if (cycleBp > 0n) lines.push({ label: 'Billing cycle discount', cents: Number(afterCycle - gross) });
  if (orgBp > 0n) lines.push({ label: 'Organization discount', cents: Number(total - afterCycle) });
  return { lines, total: Number(total), totalCents: Number(total) };
};

/** Sum of per-line prices; a number is a line already priced in cents. */
export const cartTotalCents = (lines: ReadonlyArray<PricePerCycleInput | number>): number =>
  lines.reduce<number>((sum, line) => sum + (typeof line === 'number' ? line : pricePerCycleCents(line)), 0);

export type OverageInput = {
  accruedRtusThisMonth: number;
  billedRtusThisMonth: number;
  annualUsageReset: boolean;
  baseRtus: number;
  overagePerRtuMicros: number;
  overageChargesPaidThisMonthCents: number;
};

/**
 * docs/spec.md §9: max(0, accrued − billed [− 12 × base with annual reset]) × overage per RTU, plus the
 * overage already paid this month.
 */
export const overageFigureCents = (input: OverageInput): number => {
  const allowance = int('allowance', overageAllowanceRtus(input));
  const over =
    int('accruedRtusThisMonth', input.accruedRtusThisMonth) -
    int('billedRtusThisMonth', input.billedRtusThisMonth) -
    allowance;
  const unbilled =
    over > 0n ? divHalfUp(over * int('overagePerRtuMicros', input.overagePerRtuMicros), MICROS_PER_CENT) : 0n;
  return Number(unbilled) + input.overageChargesPaidThisMonthCents;
};

export const overagePerAdditionalPageMicros = (overagePerRtuMicros: number, numPagesPerRtu: number): number =>
  Math.round(overagePerRtuMicros * numPagesPerRtu);

export const overagePerRtuMicrosOf = (overagePerRtuDollars: number): number =>
  dollarsToMicros(overagePerRtuDollars);

/** A subscription's usage counters as the API answers them (money in dollars). */
export type SubscriptionUsageCounters = {
  accruedRtusThisMonth: number;
  billedRtusThisMonth: number;
  annualUsageReset: boolean;
  overageChargesPaidThisMonth: number;
  plan: { baseRtus: number; overagePerRtu: number };
};

/** A subscription's usage counters as the overage rules read them: the editor, the meter and the API tests agree. */
export const overageInputOf = (s: SubscriptionUsageCounters): OverageInput => ({
  accruedRtusThisMonth: s.accruedRtusThisMonth,
  billedRtusThisMonth: s.billedRtusThisMonth,
  annualUsageReset: s.annualUsageReset,
  baseRtus: s.plan.baseRtus,
  overagePerRtuMicros: overagePerRtuMicrosOf(s.plan.overagePerRtu),
  overageChargesPaidThisMonthCents: toCents(s.overageChargesPaidThisMonth),
});

export const annualRtus = (baseRtus: number): number => baseRtus * 12;

export const LICENSE_ID_OFFSET = 50_000;

export const licenseId = (subscriptionId: number): number => subscriptionId + LICENSE_ID_OFFSET;

export type ProrationInput = {
  oldCycleCents: number;
  newCycleCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
};

/** docs/design.md §3: increases are charged at once for the rest of the paid period; decreases wait. */
export const proratedChargeCents = (input: ProrationInput): number => {
  const increase = int('newCycleCents', input.newCycleCents) - int('oldCycleCents', input.oldCycleCents);
  const start = input.periodStart.getTime();
  const end = input.periodEnd.getTime();
  const now = input.now.getTime();
  if (increase <= 0n || end <= start || now >= end) return 0;
  const remaining = BigInt(end - Math.max(now, start));
  return Number(divHalfUp(increase * remaining, BigInt(end - start)));
};
