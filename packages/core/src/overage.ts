/**
 * The overage allowance and cap (docs/spec.md §9, docs/design.md §3): the RTUs of a usage period that are
 * not billed as overage, and what the monthly cap leaves to bill. Every reader of the overage figure
 * (the overage bill, the editor, licensing's OVER_CAP) goes through these.
 */
export type AllowanceInput = { annualUsageReset: boolean; baseRtus: number };

/**
 * The allowance the plan fee pays for (docs/design.md §3), in the two places spec §9's formula takes it:
 * a monthly-reset plan's month of usage starts with `billedRtusThisMonth` at baseRtus (those RTUs are
 * already paid), so only RTUs beyond them are billed; an annual-reset plan's counters start the usage
 * year at 0 and the formula subtracts twelve months of base RTUs instead. Every writer of a new month's
 * (or a new subscription's) counters takes its start from here.
 */
export const billedRtusAtMonthStart = (input: AllowanceInput): number =>
  input.annualUsageReset ? 0 : Math.max(0, input.baseRtus);

/**
 * A plan change that applies mid-month (an editor increase, docs/design.md §3) moves the month's billed
 * figure by the difference of the two plans' starts, so the rest of the month is billed beyond the
 * new plan's base RTUs, as its prorated fee pays for.
 */
export const billedRtusAfterPlanChange = (input: {
  annualUsageReset: boolean;
  billedRtusThisMonth: number;
  fromBaseRtus: number;
  toBaseRtus: number;
}): number => {
  const start = (baseRtus: number) =>
    billedRtusAtMonthStart({ annualUsageReset: input.annualUsageReset, baseRtus });
  return Math.max(0, input.billedRtusThisMonth + start(input.toBaseRtus) - start(input.fromBaseRtus));
};

/** Spec §9's allowance term: with an annual reset, twelve months of base RTUs over the usage year. */
export const overageAllowanceRtus = (input: AllowanceInput): number =>
  input.annualUsageReset ? 12 * input.baseRtus : 0;

/** RTUs of this month over the allowance that no bill has covered yet. */
export const unbilledOverRtus = (
  input: AllowanceInput & { accruedRtusThisMonth: number; billedRtusThisMonth: number },
): number =>
  Math.max(0, input.accruedRtusThisMonth - input.billedRtusThisMonth - overageAllowanceRtus(input));

/**
 * What an overage bill charges: the month's figure capped at maxAdditionalMonthlyCharge, less what
 * was already paid this month; `capped` says the cap cut the figure (the line names it).
 */
export const overageChargeCents = (input: {
  figureCents: number;
  maxAdditionalMonthlyChargeCents: number;
  overageChargesPaidThisMonthCents: number;
}): { amountCents: number; capped: boolean } => {
  const cappedCents = Math.min(input.figureCents, Math.max(0, input.maxAdditionalMonthlyChargeCents));
  return {
    amountCents: Math.max(0, cappedCents - input.overageChargesPaidThisMonthCents),
    capped: cappedCents < input.figureCents,
  };
};

/** Licensing's OVER_CAP: a plan billed by use whose figure passed the cap stops until next month. */
export const isOverCap = (input: {
  figureCents: number;
  overagePerRtuMicros: number;
  maxAdditionalMonthlyChargeCents: number;
}): boolean => input.overagePerRtuMicros > 0 && input.figureCents > input.maxAdditionalMonthlyChargeCents;
