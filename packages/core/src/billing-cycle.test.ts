import { describe, expect, it } from 'vitest';
import {
  BillingMode,
  billingCycle,
  CYCLE_ORDER,
  cycleDiscountBp,
  InvalidBillingPeriodError,
  isBillingMode,
  monthsPerCycle,
  offeredBillingModes,
} from './billing-cycle';

const discounts = { yearlyDiscount: 0.15, quarterlyDiscount: 0.05, monthlyDiscount: 0 };

describe('billingCycle', () => {
  it.each([
    [BillingMode.NoBill, 1, 'Never', 'Never', 0, 0],
    [BillingMode.Monthly, 1, 'month', 'Monthly', 0, 0],
    [BillingMode.Quarterly, 3, 'quarter', 'Quarterly', 0.05, 500],
    [BillingMode.Annually, 12, 'year', 'Annually', 0.15, 1500],
  ])('mode %i', (mode, months, displayPeriod, cycleName, discount, bp) => {
    expect(billingCycle(mode, discounts)).toEqual({
      mode,
      monthsPerCycle: months,
      displayPeriod,
      cycleName,
      billingModeDiscount: discount,
    });
    expect(billingCycle(mode).billingModeDiscount).toBe(0);
    expect(monthsPerCycle(mode)).toBe(months);
    expect(cycleDiscountBp(mode, discounts)).toBe(bp);
    expect(isBillingMode(mode)).toBe(true);
  });

  it.each([7, -1, 4, 1.5, 'x', null, undefined, Number.NaN])('rejects %s', (mode) => {
    const expected = `Invalid Argument: ${String(mode)} is not a valid billing period.`;
    expect(() => billingCycle(mode as number)).toThrow(InvalidBillingPeriodError);
    expect(() => billingCycle(mode as number)).toThrow(expected);
    expect(() => monthsPerCycle(mode as number)).toThrow(expected);
    expect(() => cycleDiscountBp(mode as number, discounts)).toThrow(expected);
    expect(isBillingMode(mode)).toBe(false);
  });

  it.each([
    [7, 'Invalid Argument: 7 is not a valid billing period.'],
    [-1, 'Invalid Argument: -1 is not a valid billing period.'],
    ['x', 'Invalid Argument: x is not a valid billing period.'],
  ])('error message for %s is exact', (mode, message) => {
    try {
      billingCycle(mode as number);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe(message);
      expect((error as InvalidBillingPeriodError).mode).toBe(mode);
    }
  });
});

describe('offered cycles', () => {
  it('orders annual, quarterly, monthly', () => {
    expect(CYCLE_ORDER).toEqual([3, 2, 1]);
  });

  it.each([
    [true, [3, 2, 1]],
    [false, [3]],
  ])('allowMonthly %s', (allowMonthly, modes) => {
    expect(offeredBillingModes(allowMonthly)).toEqual(modes);
  });
});
