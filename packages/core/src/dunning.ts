import { z } from 'zod/mini';
import { GRACE_DAYS } from './bill-rules';
import { addDays, formatLongDate } from './dates';

// Dunning (docs/decisions/042): what happens between a declined renewal or overage charge and the end of
// its grace. The operator sets on which days of the grace the card is tried again and which reminders
// go out; the billing engine reads the one stored setting; the mails and the Subscriptions row lead the
// customer to the pay-now page.

/** A renewal the card on file will not pay (it expires first) is announced this many days ahead. */
export const CARD_EXPIRY_NOTICE_DAYS = 14;

/** The last day of the grace a retry or a reminder can fall on: day 14 is the deactivation. */
export const LAST_DUNNING_DAY = GRACE_DAYS - 1;

const graceDay = z.number().check(z.int(), z.minimum(1), z.maximum(LAST_DUNNING_DAY));

const days = z.array(graceDay).check(z.maxLength(LAST_DUNNING_DAY));

/**
 * The store's dunning settings (the console's Dunning screen). `retryDays`: days after the bill's date
 * (day 0: the renewal's own charge) on which a declined card is charged again. `remindAtDecline`: the
 * admins are mailed when the bill is first declined. `remindDaysBefore`: reminders that many days before
 * the deactivation (the grace's end).
 */
export const DunningSettingsSchema = z.object({
  retryDays: days,
  remindAtDecline: z.boolean(),
  remindDaysBefore: days,
});
export type DunningSettings = z.infer<typeof DunningSettingsSchema>;

export const DEFAULT_DUNNING_SETTINGS: DunningSettings = {
  retryDays: [1, 3, 5, 7, 10, 13],
  remindAtDecline: true,
  remindDaysBefore: [7, 2],
};

/**
 * A schedule is a set of days, stored distinct and in the order they come: retry days ascending, days
 * before the deactivation descending (7 days before comes first), whatever order they were sent in.
 */
const setOf = (list: readonly number[], order: 1 | -1) => [...new Set(list)].sort((a, b) => order * (a - b));
export const normalizedDunning = (s: DunningSettings): DunningSettings => ({
  retryDays: setOf(s.retryDays, 1),
  remindAtDecline: s.remindAtDecline,
  remindDaysBefore: setOf(s.remindDaysBefore, -1),
});

/**
 * The stored setting as the engine uses it: the defaults where nothing (or something no longer valid)
 * is stored, so a bad row can never stop billing.
 */
export function dunningSettingsOf(stored: unknown): DunningSettings {
  const parsed = DunningSettingsSchema.safeParse(stored);
  return parsed.success ? normalizedDunning(parsed.data) : DEFAULT_DUNNING_SETTINGS;
}

/** When a bill dated `billingDate`, declined at `declinedAt`, is charged again; null: not before its grace ends. */
export function nextRetryAt(billingDate: Date, declinedAt: Date, retryDays: readonly number[]): Date | null {
  for (const day of retryDays) {
    const at = addDays(billingDate, day);
    if (at.getTime() > declinedAt.getTime()) return at;
  }
  return null;
}

/** The retries still ahead of a bill, for the decline mail ('July 6, 2026, July 8, 2026'). */
export const retryDatesAfter = (billingDate: Date, after: Date, retryDays: readonly number[]): Date[] =>
  retryDays.map((d) => addDays(billingDate, d)).filter((at) => at.getTime() > after.getTime());

export const DunningMessages = {
  /** The Subscriptions row of a subscription whose bill is past due (docs/decisions/042). */
  paymentFailed: (payBy: string) => `Payment failed: pay by ${payBy} to keep your license running`,
  payNow: 'Pay now',
  saved: 'Dunning settings saved.',
  /** The decline mail's and reminders' subject. */
  reminderSubject: (bill: string, payBy: string) => `Pay ${bill} by ${payBy} to keep your license running`,
  retriesAhead: (dates: readonly Date[]) =>
    dates.length === 0
      ? 'We will not charge the card again automatically.'
      : `We will try the card again on ${dates.map((d) => formatLongDate(d)).join(', ')}.`,
  /** What the console says of the schedule, so the operator sees the dates a bill of today would get. */
  scheduleSummary: (s: DunningSettings) =>
    `Retries on days ${s.retryDays.join(', ') || 'none'} of the ${GRACE_DAYS}-day grace; reminders ${
      [
        ...(s.remindAtDecline ? ['at the decline'] : []),
        ...s.remindDaysBefore.map((d) => `${d} day${d === 1 ? '' : 's'} before deactivation`),
      ].join(', ') || 'none'
    }.`,
} as const;

/** The day a reminder `daysBefore` the deactivation of a bill due `dueDate` goes out. */
export const reminderDateOf = (dueDate: Date, daysBefore: number): Date => addDays(dueDate, -daysBefore);
