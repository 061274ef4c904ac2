import { describe, expect, it } from 'vitest';
import { billedRtusAtMonthStart, isOverCap } from './overage';
import { overageFigureCents } from './pricing';
import { reachedAlertLevels, UsageMeterTexts, usageMeter } from './usage-meter';

// A Flex 2,500 month: 8¢ an RTU beyond 2,500 included, Max Overages $40 (500 RTUs).
const monthOf = (used: number, over: Partial<Parameters<typeof usageMeter>[0]> = {}) => ({
  accruedRtusThisMonth: used,
  billedRtusThisMonth: billedRtusAtMonthStart({ annualUsageReset: false, baseRtus: 2_500 }),
  annualUsageReset: false,
  baseRtus: 2_500,
  overagePerRtuMicros: 80_000,
  overageChargesPaidThisMonthCents: 0,
  maxAdditionalMonthlyChargeCents: 40_00,
  ...over,
});

describe('usageMeter', () => {
  it('measures RTUs against the included ones, then the overage against the cap', () => {
    const within = usageMeter(monthOf(2_000));
    expect(within).toMatchObject({
      usedRtus: 2_000,
      includedRtus: 2_500,
      overRtus: 0,
      includedPercent: 80,
      overageCents: 0,
      capCents: 40_00,
      capRtus: 500,
      capPercent: 0,
      overCap: false,
    });
    // 750 more: 250 over the included ones, which spend half the cap; nothing else moves.
    const beyond = usageMeter(monthOf(2_750));
    expect(beyond).toEqual({
      ...within,
      usedRtus: 2_750,
      overRtus: 250,
      overageCents: 20_00,
      capPercent: 50,
      includedPercent: 110,
    });
    expect(UsageMeterTexts.included(within)).toBe('2,000 of 2,500 RTUs used (80 %)');
    expect(UsageMeterTexts.overage(beyond)).toBe('250 RTUs over: $20.00 of $40.00');
  });

  it("lets through exactly the cap's RTUs, as licensing's OVER_CAP decides", () => {
    for (const rate of [80_000, 50_000, 33_333, 7]) {
      for (const cap of [0, 1, 40_00, 12_345]) {
        const { capRtus } = usageMeter(
          monthOf(0, { overagePerRtuMicros: rate, maxAdditionalMonthlyChargeCents: cap }),
        );
        const overCapAt = (over: number) => {
          const input = monthOf(2_500 + over, {
            overagePerRtuMicros: rate,
            maxAdditionalMonthlyChargeCents: cap,
          });
          const figure = overageFigureCents(input);
          expect(usageMeter(input).overCap).toBe(
            isOverCap({
              figureCents: figure,
              overagePerRtuMicros: rate,
              maxAdditionalMonthlyChargeCents: cap,
            }),
          );
          return usageMeter(input).overCap;
        };
        expect(overCapAt(capRtus!)).toBe(false);
        expect(overCapAt(capRtus! + 1)).toBe(true);
      }
    }
  });

  it('counts the overage already paid this month against the cap', () => {
    const m = usageMeter(monthOf(2_500, { overageChargesPaidThisMonthCents: 30_00 }));
    expect(m.capRtus).toBe(125);
    expect(m.overageCents).toBe(30_00);
    expect(m.capPercent).toBe(75);
  });

  it('measures an annual-reset plan against twelve months of base RTUs', () => {
    const m = usageMeter(monthOf(27_000, { annualUsageReset: true, billedRtusThisMonth: 0 }));
    expect(m).toMatchObject({ includedRtus: 30_000, includedPercent: 90, perYear: true });
    expect(UsageMeterTexts.includedLabel(m)).toBe('RTUs included this year');
  });

  it('has no cap figure for a plan that bills no overage', () => {
    const m = usageMeter(monthOf(9_000, { overagePerRtuMicros: 0 }));
    expect(m).toMatchObject({ billsOverage: false, capRtus: null, overCap: false });
  });
});

describe('reachedAlertLevels', () => {
  it('reaches 80 % and 100 % of the included RTUs, then the cap', () => {
    expect(reachedAlertLevels(usageMeter(monthOf(1_999)))).toEqual([]);
    expect(reachedAlertLevels(usageMeter(monthOf(2_000)))).toEqual(['allowance-80']);
    expect(reachedAlertLevels(usageMeter(monthOf(2_499)))).toEqual(['allowance-80']);
    expect(reachedAlertLevels(usageMeter(monthOf(2_500)))).toEqual(['allowance-80', 'allowance-100']);
    expect(reachedAlertLevels(usageMeter(monthOf(3_000)))).toEqual(['allowance-80', 'allowance-100']);
    expect(reachedAlertLevels(usageMeter(monthOf(3_001)))).toEqual(['allowance-80', 'allowance-100', 'cap']);
  });

  it('has only the cap for a plan without included RTUs', () => {
    const payPerUse = { baseRtus: 0, billedRtusThisMonth: 0 };
    expect(reachedAlertLevels(usageMeter(monthOf(100, payPerUse)))).toEqual([]);
    expect(reachedAlertLevels(usageMeter(monthOf(501, payPerUse)))).toEqual(['cap']);
  });
});
