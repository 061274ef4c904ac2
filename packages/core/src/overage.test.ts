import { describe, expect, it } from 'vitest';
import {
  billedRtusAfterPlanChange,
  billedRtusAtMonthStart,
  isOverCap,
  overageAllowanceRtus,
  unbilledOverRtus,
} from './overage';
import { overageFigureCents } from './pricing';

// docs/design.md §3: the plan fee pays for baseRtus a month; only RTUs beyond them are billed as overage.
const monthly = { annualUsageReset: false, baseRtus: 2_500 };
const annual = { annualUsageReset: true, baseRtus: 2_500 };
const eightCents = 80_000; // $0.08 an RTU, in micros

/** The overage of a month whose counters started where the allowance says, after `used` RTUs. */
const monthOf = (plan: typeof monthly, used: number) => ({
  ...plan,
  accruedRtusThisMonth: used,
  billedRtusThisMonth: billedRtusAtMonthStart(plan),
  overagePerRtuMicros: eightCents,
  overageChargesPaidThisMonthCents: 0,
});

describe('the overage allowance', () => {
  it('starts a monthly-reset month with the base RTUs already billed', () => {
    expect(billedRtusAtMonthStart(monthly)).toBe(2_500);
    expect(overageAllowanceRtus(monthly)).toBe(0);
  });

  it('starts an annual-reset usage year at 0 with twelve months of base RTUs allowed', () => {
    expect(billedRtusAtMonthStart(annual)).toBe(0);
    expect(overageAllowanceRtus(annual)).toBe(30_000);
  });

  it('bills a monthly plan of 2,500 base RTUs that used 3,000 for 500 RTUs', () => {
    expect(unbilledOverRtus(monthOf(monthly, 3_000))).toBe(500);
    expect(overageFigureCents(monthOf(monthly, 3_000))).toBe(500 * 8);
  });

  it('bills nothing when a monthly plan stays within its base RTUs', () => {
    expect(unbilledOverRtus(monthOf(monthly, 2_000))).toBe(0);
    expect(overageFigureCents(monthOf(monthly, 2_000))).toBe(0);
    expect(overageFigureCents(monthOf(monthly, 2_500))).toBe(0);
  });

  it('bills an annual plan only beyond twelve months of base RTUs', () => {
    expect(overageFigureCents(monthOf(annual, 30_000))).toBe(0);
    expect(overageFigureCents(monthOf(annual, 30_100))).toBe(100 * 8);
  });

  it('is over the cap only beyond the allowance plus the cap', () => {
    const cap = { overagePerRtuMicros: eightCents, maxAdditionalMonthlyChargeCents: 4_000 }; // $40 = 500 RTUs
    const over = (used: number) =>
      isOverCap({ ...cap, figureCents: overageFigureCents(monthOf(monthly, used)) });
    expect(over(2_500)).toBe(false);
    expect(over(3_000)).toBe(false);
    expect(over(3_001)).toBe(true);
  });

  it('moves the billed figure by the new base when a plan change applies mid-month', () => {
    const change = { annualUsageReset: false, billedRtusThisMonth: 2_500, fromBaseRtus: 2_500 };
    expect(billedRtusAfterPlanChange({ ...change, toBaseRtus: 25_000 })).toBe(25_000);
    expect(billedRtusAfterPlanChange({ ...change, toBaseRtus: 500 })).toBe(500);
    expect(billedRtusAfterPlanChange({ ...change, annualUsageReset: true, toBaseRtus: 25_000 })).toBe(2_500);
  });
});
