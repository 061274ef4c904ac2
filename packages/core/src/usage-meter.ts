import { formatUsd } from './money';
import { isOverCap, overageAllowanceRtus } from './overage';
import { type OverageInput, overageFigureCents } from './pricing';

// The usage meter (docs/design.md §3, §5): RTUs used this cycle against what the plan fee pays for and,
// beyond it, against the Max Overages cap; and the alerts the organization's admins get on the way.
// The subscription row, the editor and the alert mails all read it from here.

export type UsageMeterInput = OverageInput & { maxAdditionalMonthlyChargeCents: number };

export type UsageMeter = {
  usedRtus: number;
  /** RTUs used before overage is billed: the base RTUs the plan fee paid for (spec §9's terms). */
  includedRtus: number;
  /** RTUs used beyond the included ones. */
  overRtus: number;
  /** Whether RTUs beyond the included ones are billed (a plan with an overage rate). */
  billsOverage: boolean;
  /** Spec §9's overage figure so far this month. */
  overageCents: number;
  capCents: number;
  /** How many RTUs beyond the included ones the cap lets through; null when overage is not billed. */
  capRtus: number | null;
  /** Whole percent of the included RTUs used (may pass 100). */
  includedPercent: number;
  /** Whole percent of the cap spent, 0 to 100. */
  capPercent: number;
  /** Licensing answers OVER_CAP: engines stop until next month or a higher cap (docs/design.md §2). */
  overCap: boolean;
  /** An annual-reset plan counts its RTUs over the usage year. */
  perYear: boolean;
};

const MICROS_PER_CENT = 10_000;

const percent = (part: number, whole: number) => (whole > 0 ? Math.floor((part * 100) / whole) : 0);

/**
 * The largest number of RTUs over the included ones whose figure stays within the cap: n with
 * round-half-up(n × rate / 10,000) + paid ≤ cap, i.e. n × rate < (cap − paid) × 10,000 + 5,000.
 */
const rtusWithinCap = (capCents: number, paidCents: number, overagePerRtuMicros: number): number => {
  const remaining = capCents - paidCents;
  if (remaining < 0) return 0;
  return Math.ceil((remaining * MICROS_PER_CENT + MICROS_PER_CENT / 2) / overagePerRtuMicros) - 1;
};

export const usageMeter = (input: UsageMeterInput): UsageMeter => {
  const includedRtus = Math.max(0, input.billedRtusThisMonth + overageAllowanceRtus(input));
  const usedRtus = input.accruedRtusThisMonth;
  const overageCents = overageFigureCents(input);
  const capCents = Math.max(0, input.maxAdditionalMonthlyChargeCents);
  const billsOverage = input.overagePerRtuMicros > 0;
  return {
    usedRtus,
    includedRtus,
    overRtus: Math.max(0, usedRtus - includedRtus),
    billsOverage,
    overageCents,
    capCents,
    capRtus: billsOverage
      ? rtusWithinCap(capCents, input.overageChargesPaidThisMonthCents, input.overagePerRtuMicros)
      : null,
    includedPercent: percent(usedRtus, includedRtus),
    capPercent: capCents > 0 ? Math.min(100, percent(overageCents, capCents)) : overageCents > 0 ? 100 : 0,
    overCap: isOverCap({
      figureCents: overageCents,
      overagePerRtuMicros: input.overagePerRtuMicros,
      maxAdditionalMonthlyChargeCents: input.maxAdditionalMonthlyChargeCents,
    }),
    perYear: input.annualUsageReset,
  };
};

/** Whether a subscription's usage is metered at all: it includes RTUs or bills them (not Pro). */
export const isUsageMetered = (plan: { baseRtus: number; overagePerRtu: number }): boolean =>
  plan.baseRtus > 0 || plan.overagePerRtu > 0;

/** The alerts of a usage cycle, each sent once per cycle to the organization's admins. */
export const UsageAlertLevel = {
  /** 80 % of the included RTUs used. */
  Allowance80: 'allowance-80',
  /** All included RTUs used: overage from here on. */
  Allowance100: 'allowance-100',
  /** The cap stopped usage (OVER_CAP). */
  Cap: 'cap',
} as const;
export type UsageAlertLevel = (typeof UsageAlertLevel)[keyof typeof UsageAlertLevel];

export const USAGE_ALERT_PERCENT = 80;

/** The alert levels the meter has reached, in the order they are reached. */
export const reachedAlertLevels = (meter: UsageMeter): UsageAlertLevel[] => {
  const levels: UsageAlertLevel[] = [];
  if (meter.includedRtus > 0 && meter.includedPercent >= USAGE_ALERT_PERCENT) {
    levels.push(UsageAlertLevel.Allowance80);
  }
  if (meter.includedRtus > 0 && meter.usedRtus >= meter.includedRtus)
    levels.push(UsageAlertLevel.Allowance100);
  if (meter.overCap) levels.push(UsageAlertLevel.Cap);
  return levels;
};

const n = (v: number) => v.toLocaleString('en-US');

/** An overage rate, which can be below a cent: '$0.080' below 10¢, else '$0.25'. */
export const formatRatePerRtu = (overagePerRtuMicros: number): string => {
  const dollars = overagePerRtuMicros / 1_000_000;
  return `$${dollars.toFixed(dollars < 0.1 ? 3 : 2)}`;
};

/** What the meter says in words: beside its bars, in their accessible names and in the alert mails. */
export const UsageMeterTexts = {
  includedLabel: (m: UsageMeter) => (m.perYear ? 'RTUs included this year' : 'RTUs included this month'),
  /** In a sentence: '2,000 of the 2,500 RTUs included this month (80 %)'. */
  usedOfIncluded: (m: UsageMeter) =>
    `${n(m.usedRtus)} of the ${n(m.includedRtus)} ${m.perYear ? 'RTUs included this year' : 'RTUs included this month'} (${m.includedPercent} %)`,
  included: (m: UsageMeter) => `${n(m.usedRtus)} of ${n(m.includedRtus)} RTUs used (${m.includedPercent} %)`,
  overageLabel: 'Max overages',
  /** The overage bar's accessible name (distinct from the Max Overages field's label). */
  overageBarLabel: 'Overage against the monthly cap',
  overage: (m: UsageMeter) =>
    `${n(m.overRtus)} RTUs over: ${formatUsd(m.overageCents)} of ${formatUsd(m.capCents)}`,
  /** Beyond the included RTUs, nothing more may be used when the cap is $0. */
  noOverage: 'Max Overages is $0.00: usage stops at the included RTUs.',
  stopped: 'Max overages reached: engines stop until the next month or until Max Overages is raised.',
  /** The subscription row's one line, in the phase the usage is in. */
  includedShort: (m: UsageMeter) => `${n(m.usedRtus)} of ${n(m.includedRtus)} RTUs (${m.includedPercent} %)`,
  overageShort: (m: UsageMeter) =>
    `${n(m.usedRtus)} RTUs, overage ${formatUsd(m.overageCents)} of ${formatUsd(m.capCents)}`,
  stoppedShort: (m: UsageMeter) => `${n(m.usedRtus)} RTUs: max overages reached, stopped`,
} as const;
