import { Messages } from './messages';
import { fractionToBp } from './money';

export const BillingMode = {
  NoBill: 0,
  Monthly: 1,
  Quarterly: 2,
  Annually: 3,
} as const;
export type BillingMode = (typeof BillingMode)[keyof typeof BillingMode];

/** Fractions (0.1 = 10 %) as served by /api/misc/billingCycleDiscounts. */
export type BillingCycleDiscounts = {
  yearlyDiscount: number;
  quarterlyDiscount: number;
  monthlyDiscount: number;
};

export type BillingCycle = {
  mode: BillingMode;
  monthsPerCycle: number;
  displayPeriod: string;
  cycleName: string;
  /** Fraction, as on the wire. */
  billingModeDiscount: number;
};

export class InvalidBillingPeriodError extends Error {
  readonly mode: unknown;
  constructor(mode: unknown) {
    super(Messages.invalidBillingPeriod(mode));
    this.name = 'InvalidBillingPeriodError';
    this.mode = mode;
  }
}

const CYCLES: Record<BillingMode, Omit<BillingCycle, 'billingModeDiscount'>> = {
  [BillingMode.NoBill]: {
    mode: BillingMode.NoBill,
    monthsPerCycle: 1,
    displayPeriod: 'Never',
    cycleName: 'Never',
  },
  [BillingMode.Monthly]: {
    mode: BillingMode.Monthly,
    monthsPerCycle: 1,
    displayPeriod: 'month',
    cycleName: 'Monthly',
  },
  [BillingMode.Quarterly]: {
    mode: BillingMode.Quarterly,
    monthsPerCycle: 3,
    displayPeriod: 'quarter',
    cycleName: 'Quarterly',
  },
  [BillingMode.Annually]: {
    mode: BillingMode.Annually,
    monthsPerCycle: 12,
    displayPeriod: 'year',
    cycleName: 'Annually',
  },
};

export const isBillingMode = (mode: unknown): mode is BillingMode =>
  typeof mode === 'number' && Number.isInteger(mode) && mode >= 0 && mode <= 3;

function assertBillingMode(mode: unknown): asserts mode is BillingMode {
  if (!isBillingMode(mode)) throw new InvalidBillingPeriodError(mode);
}

export const monthsPerCycle = (mode: number): number => {
  assertBillingMode(mode);
  return CYCLES[mode].monthsPerCycle;
};

const discountFraction = (mode: BillingMode, discounts: BillingCycleDiscounts): number => {
  switch (mode) {
    case BillingMode.Monthly:
      return discounts.monthlyDiscount;
    case BillingMode.Quarterly:
      return discounts.quarterlyDiscount;
    case BillingMode.Annually:
      return discounts.yearlyDiscount;
    default:
      return 0;
  }
};

export const cycleDiscountBp = (mode: number, discounts: BillingCycleDiscounts): number => {
  assertBillingMode(mode);
  return fractionToBp(discountFraction(mode, discounts));
};

export const billingCycle = (mode: number, discounts?: BillingCycleDiscounts): BillingCycle => {
  assertBillingMode(mode);
  return { ...CYCLES[mode], billingModeDiscount: discounts ? discountFraction(mode, discounts) : 0 };
};

/** The order in which cycles are offered (docs/spec.md section 3): annual first, so it is the default. */
export const CYCLE_ORDER: readonly BillingMode[] = [
  BillingMode.Annually,
  BillingMode.Quarterly,
  BillingMode.Monthly,
];

export const offeredBillingModes = (allowMonthly: boolean): BillingMode[] =>
  allowMonthly ? [...CYCLE_ORDER] : [BillingMode.Annually];
