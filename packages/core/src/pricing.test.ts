import { describe, expect, it } from 'vitest';
import { BillingMode } from './billing-cycle';
import {
  annualRtus,
  cartTotalCents,
  licenseId,
  overageFigureCents,
  overagePerAdditionalPageMicros,
  overagePerRtuMicrosOf,
  type PricePerCycleInput,
  planPricingInput,
  priceBreakdown,
  pricePerCycleCents,
  proratedChargeCents,
} from './pricing';

const pro = { product: 1, monthlyFeeCents: 10_000, xtraAutoTagPerMonthCents: 2_500 };
const flex = { product: 2, monthlyFeeCents: 4_999, xtraAutoTagPerMonthCents: 1_000 };
const artist = { product: 4, monthlyFeeCents: 1_999, xtraAutoTagPerMonthCents: 0 };
const manager = { product: 129, monthlyFeeCents: 30_000, xtraAutoTagPerMonthCents: 5_000 };

const input = (over: Partial<PricePerCycleInput>): PricePerCycleInput => ({
  plan: pro,
  numberMachines: 1,
  xtraAutoTags: 0,
  billingMode: BillingMode.Monthly,
  cycleDiscountBp: 0,
  orgDiscountBp: 0,
  ...over,
});

describe('pricePerCycleCents', () => {
  it.each([
    ['pro, 1 machine, monthly', input({}), 10_000],
    ['pro multiplies by machines', input({ numberMachines: 3 }), 30_000],
    ['pro with 0 machines costs only designers', input({ numberMachines: 0, xtraAutoTags: 2 }), 5_000],
    ['pro quarterly', input({ billingMode: BillingMode.Quarterly }), 30_000],
    ['pro annually', input({ billingMode: BillingMode.Annually }), 120_000],
    [
      'pro + 2 designers, 2 machines, annually',
      input({ numberMachines: 2, xtraAutoTags: 2, billingMode: 3 }),
      300_000,
    ],
    ['flex ignores machines', input({ plan: flex, numberMachines: 5 }), 4_999],
    ['flex + designers', input({ plan: flex, numberMachines: 0, xtraAutoTags: 3 }), 7_999],
    ['artist', input({ plan: artist, numberMachines: 0 }), 1_999],
    ['manager is a pro plan', input({ plan: manager, numberMachines: 2, xtraAutoTags: 1 }), 65_000],
    ['NoBill prices one month', input({ billingMode: BillingMode.NoBill }), 10_000],
    ['cycle discount 15% annually', input({ billingMode: 3, cycleDiscountBp: 1_500 }), 102_000],
    ['org discount 10%', input({ orgDiscountBp: 1_000 }), 9_000],
    // 120000 × 0.85 × 0.9 = 91800: cycle then org, compounding, not added
    [
      'cycle then org discount',
      input({ billingMode: 3, cycleDiscountBp: 1_500, orgDiscountBp: 1_000 }),
      91_800,
    ],
    // 4999 × 0.95 = 4749.05 -> 4749
    ['rounds down below half', input({ plan: flex, cycleDiscountBp: 500 }), 4_749],
    // 1999 × 0.5 = 999.5 -> 1000
    ['rounds half up', input({ plan: artist, orgDiscountBp: 5_000 }), 1_000],
    // 1999 × 3 × 0.95 × 0.95 = 5412.2925 -> 5412 (rounded once, not per step: 5697.15->5697×0.95=5412.15)
    [
      'rounds once per line',
      input({ plan: artist, billingMode: 2, cycleDiscountBp: 500, orgDiscountBp: 500 }),
      5_412,
    ],
    // 1999 × 12 × 0.85 × 0.85 = 17331.33
    [
      'annual artist with both discounts',
      input({ plan: artist, billingMode: 3, cycleDiscountBp: 1_500, orgDiscountBp: 1_500 }),
      17_331,
    ],
    ['100% org discount is free', input({ orgDiscountBp: 10_000 }), 0],
    [
      'large amounts stay exact',
      input({
        plan: { product: 1, monthlyFeeCents: 99_999_999, xtraAutoTagPerMonthCents: 0 },
        numberMachines: 1000,
        billingMode: 3,
        cycleDiscountBp: 3_333,
        orgDiscountBp: 1_111,
      }),
      711_155_548_888,
    ],
  ])('%s', (_name, args, cents) => {
    expect(pricePerCycleCents(args)).toBe(cents);
    const breakdown = priceBreakdown(args);
    expect(breakdown.total).toBe(cents);
    expect(breakdown.totalCents).toBe(cents);
    expect(breakdown.lines.reduce((s, l) => s + l.cents, 0)).toBe(cents);
  });

  it.each([7, -1, 'x'])('rejects billing mode %s', (mode) => {
    expect(() => pricePerCycleCents(input({ billingMode: mode as number }))).toThrow(
      `Invalid Argument: ${mode} is not a valid billing period.`,
    );
  });

  it.each([
    ['fractional machines', input({ numberMachines: 1.5 })],
    ['fractional cents', input({ plan: { ...pro, monthlyFeeCents: 10.5 } })],
    ['negative discount', input({ orgDiscountBp: -1 })],
    ['discount above 100%', input({ cycleDiscountBp: 10_001 })],
  ])('rejects %s', (_name, args) => {
    expect(() => pricePerCycleCents(args)).toThrow(RangeError);
  });
});

describe('priceBreakdown', () => {
  it('lists plan, designers and both discounts', () => {
    expect(
      priceBreakdown(
        input({
          numberMachines: 2,
          xtraAutoTags: 1,
          billingMode: 3,
          cycleDiscountBp: 1_500,
          orgDiscountBp: 1_000,
        }),
      ),
    ).toEqual({
      lines: [
        { label: 'Plan fee (2 × engines, 12 months)', cents: 240_000 },
        { label: 'Extra designers (1, 12 months)', cents: 30_000 },
        { label: 'Billing cycle discount', cents: -40_500 },
        { label: 'Organization discount', cents: -22_950 },
      ],
      total: 206_550,
      totalCents: 206_550,
    });
  });

  it('omits empty lines', () => {
    expect(priceBreakdown(input({ plan: artist })).lines).toEqual([
      { label: 'Plan fee (1 month)', cents: 1_999 },
    ]);
  });
});

describe('planPricingInput', () => {
  it.each([
    [
      { product: 1, monthlyFee: 100, xtraAutoTagPerMonth: 25 },
      { product: 1, monthlyFeeCents: 10_000, xtraAutoTagPerMonthCents: 2_500 },
    ],
    [
      { product: 2, monthlyFee: 49.99, xtraAutoTagPerMonth: 0.1 },
      { product: 2, monthlyFeeCents: 4_999, xtraAutoTagPerMonthCents: 10 },
    ],
    [
      { product: 4, monthlyFee: 1.005, xtraAutoTagPerMonth: 0 },
      { product: 4, monthlyFeeCents: 101, xtraAutoTagPerMonthCents: 0 },
    ],
  ])('%o', (plan, expected) => {
    expect(planPricingInput(plan)).toEqual(expected);
  });
});

describe('cartTotalCents', () => {
  it.each([
    [[], 0],
    [[1_000, 2_550], 3_550],
    [[input({}), input({ plan: artist, orgDiscountBp: 5_000 }), 1], 11_001],
  ])('%#', (lines, total) => {
    expect(cartTotalCents(lines)).toBe(total);
  });
});

describe('overageFigureCents', () => {
  const base = {
    accruedRtusThisMonth: 0,
    billedRtusThisMonth: 0,
    annualUsageReset: false,
    baseRtus: 1_000,
    overagePerRtuMicros: 2_500, // $0.0025
    overageChargesPaidThisMonthCents: 0,
  };
  it.each([
    ['nothing used', {}, 0],
    ['1000 unbilled RTUs at $0.0025', { accruedRtusThisMonth: 1_500, billedRtusThisMonth: 500 }, 250],
    ['billed more than accrued is 0', { accruedRtusThisMonth: 100, billedRtusThisMonth: 500 }, 0],
    [
      'plus overage already paid',
      { accruedRtusThisMonth: 1_500, billedRtusThisMonth: 500, overageChargesPaidThisMonthCents: 1_234 },
      1_484,
    ],
    ['paid only', { billedRtusThisMonth: 10, overageChargesPaidThisMonthCents: 99 }, 99],
    // 3 × 0.25 cents = 0.75 -> 1 cent
    ['rounds half up to the cent', { accruedRtusThisMonth: 3 }, 1],
    ['2 RTUs = 0.5 cent -> 1', { accruedRtusThisMonth: 2 }, 1],
    ['1 RTU = 0.25 cent -> 0', { accruedRtusThisMonth: 1 }, 0],
    ['annual reset: within 12 × base', { annualUsageReset: true, accruedRtusThisMonth: 12_000 }, 0],
    ['annual reset: above 12 × base', { annualUsageReset: true, accruedRtusThisMonth: 14_000 }, 500],
    [
      'annual reset: billed and allowance',
      { annualUsageReset: true, accruedRtusThisMonth: 14_000, billedRtusThisMonth: 1_000 },
      250,
    ],
    [
      'annual reset with paid',
      { annualUsageReset: true, accruedRtusThisMonth: 100, overageChargesPaidThisMonthCents: 700 },
      700,
    ],
    ['without reset the allowance is not subtracted', { accruedRtusThisMonth: 12_000 }, 3_000],
  ])('%s', (_name, over, cents) => {
    expect(overageFigureCents({ ...base, ...over })).toBe(cents);
  });
});

describe('small figures', () => {
  it.each([
    [2_500, 1, 2_500],
    [2_500, 4, 10_000],
    [1_000_000, 0.5, 500_000],
  ])('overagePerAdditionalPageMicros(%i, %d) = %i', (micros, pages, expected) => {
    expect(overagePerAdditionalPageMicros(micros, pages)).toBe(expected);
  });

  it.each([
    [0.0025, 2_500],
    [0.01, 10_000],
  ])('overagePerRtuMicrosOf(%d) = %i', (dollars, micros) => {
    expect(overagePerRtuMicrosOf(dollars)).toBe(micros);
  });

  it.each([
    [0, 0],
    [1_000, 12_000],
    [2_500, 30_000],
  ])('annualRtus(%i) = %i', (base, annual) => {
    expect(annualRtus(base)).toBe(annual);
  });

  it.each([
    [1, 50_001],
    [0, 50_000],
    [1234, 51_234],
  ])('licenseId(%i) = %i', (id, license) => {
    expect(licenseId(id)).toBe(license);
  });
});

describe('proratedChargeCents', () => {
  const periodStart = new Date('2026-01-01T00:00:00Z');
  const periodEnd = new Date('2026-01-11T00:00:00Z');
  const day = (n: number) => new Date(periodStart.getTime() + n * 86_400_000);
  it.each([
    ['increase at start: full difference', 1_000, 2_000, day(0), 1_000],
    ['increase halfway', 1_000, 2_000, day(5), 500],
    ['increase with 3 of 10 days left', 1_000, 1_999, day(7), 300],
    // 333 × 0.5 = 166.5 -> 167
    ['rounds half up', 0, 333, day(5), 167],
    ['decrease charges nothing', 2_000, 1_000, day(5), 0],
    ['no change charges nothing', 1_000, 1_000, day(5), 0],
    ['after the period nothing', 1_000, 2_000, day(12), 0],
    ['before the period the full difference', 1_000, 2_000, day(-3), 1_000],
  ])('%s', (_name, oldCycleCents, newCycleCents, now, cents) => {
    expect(proratedChargeCents({ oldCycleCents, newCycleCents, periodStart, periodEnd, now })).toBe(cents);
  });

  it('an empty period charges nothing', () => {
    expect(
      proratedChargeCents({
        oldCycleCents: 0,
        newCycleCents: 100,
        periodStart,
        periodEnd: periodStart,
        now: periodStart,
      }),
    ).toBe(0);
  });
});
