import { z } from 'zod/mini';
import { billingCycle } from './billing-cycle';
import { formatMediumDate } from './dates';
import { formatUsd } from './money';

// Free trials (docs/decisions/043): how long a plan's trial may be, when a trial started now ends and
// how the product page, the cart, the checkout and the Subscriptions row say so. The console's form,
// the catalogue, the checkout and the billing engine read these; none counts days of its own.

export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 90;
/** The admins are mailed this many days before a trial ends (the words). */
export const TRIAL_REMINDER_DAYS = 3;

const DAY_MS = 86_400_000;

/** Whether a plan's trial length is one the operator may set: whole days, 1 to 90; null is no trial. */
export const isTrialDays = (days: number | null): boolean =>
  days === null || (Number.isInteger(days) && days >= TRIAL_DAYS_MIN && days <= TRIAL_DAYS_MAX);

/**
 * When a trial started at `start` ends: `days` whole days later to the millisecond, so the first paid
 * period starts at the hour the trial was started, as a renewal keeps its purchase's hour.
 */
export const trialEndsAt = (start: Date, days: number): Date => {
  if (!isTrialDays(days) || days === null) throw new RangeError(`Invalid trial length: ${days} days`);
  return new Date(start.getTime() + days * DAY_MS);
};

/** When the trial-ending mail goes out: TRIAL_REMINDER_DAYS before the end. */
export const trialReminderAt = (endsAt: Date): Date =>
  new Date(endsAt.getTime() - TRIAL_REMINDER_DAYS * DAY_MS);

/**
 * Still in its free trial: bought as one, neither converted (the conversion moves its next billing date
 * past the trial's end) nor ended.
 */
export const isInTrial = (s: {
  trialEndsAt: Date | null;
  nextBaseBillingDate: Date | null;
  isActive: boolean;
  deactivateDate: Date | null;
}): boolean =>
  s.trialEndsAt !== null &&
  s.isActive &&
  s.deactivateDate === null &&
  s.nextBaseBillingDate !== null &&
  s.nextBaseBillingDate.getTime() <= s.trialEndsAt.getTime();

export const TrialMessages = {
  /**
   * "Trial: ends Dec 11, 2026, then $29.00 per month": the medium date of the subscription list and the
   * store's dollars, the cycle's own period word (docs/spec.md §9).
   */
  trialLine: (endsAt: Date | string, amountCents: number, billingMode: number) =>
    `Trial: ends ${formatMediumDate(endsAt)}, then ${formatUsd(amountCents)} per ${billingCycle(billingMode).displayPeriod}`,
  /**
   * Two checkouts of one organization raced for the same trial and this one lost: nothing was charged;
   * the plan is now priced without the trial (docs/decisions/043).
   */
  alreadyTrialed: (planName: string, total: string) =>
    `Your organization has already started the trial of ${planName}, so it is charged now. The new total is ${total}.`,
} as const;

/** GET /api/organization/trials: the plans whose free trial the organization has already started. */
export const TrialedPlansSchema = z.object({ pricingPlanIds: z.array(z.number().check(z.int())) });
export type TrialedPlans = z.infer<typeof TrialedPlansSchema>;

/**
 * The cart's items that start a trial, as the checkout prices them: the first item of each plan that
 * offers one and whose trial the organization has not started (`trialed`; none known for a visitor).
 */
export const trialItemIds = (
  items: readonly { id: string; pricingPlan: { pricingPlanId: number; trialDays?: number | null } }[],
  trialed: readonly number[] = [],
): Set<string> => {
  const plans = new Set<number>(trialed);
  const ids = new Set<string>();
  for (const item of items) {
    if (!item.pricingPlan.trialDays || plans.has(item.pricingPlan.pricingPlanId)) continue;
    plans.add(item.pricingPlan.pricingPlanId);
    ids.add(item.id);
  }
  return ids;
};
