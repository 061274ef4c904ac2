import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DUNNING_SETTINGS,
  DunningMessages,
  DunningSettingsSchema,
  dunningSettingsOf,
  nextRetryAt,
  reminderDateOf,
  retryDatesAfter,
} from './dunning';

const billDate = new Date('2026-08-05T07:00:00Z');
const day = (n: number) => new Date(billDate.getTime() + n * 86_400_000);

describe('the retry schedule', () => {
  it('retries a bill declined on its date on the first scheduled day after the decline', () => {
    const days = DEFAULT_DUNNING_SETTINGS.retryDays;
    expect(nextRetryAt(billDate, billDate, days)).toEqual(day(1));
    expect(nextRetryAt(billDate, day(1), days)).toEqual(day(3));
    expect(nextRetryAt(billDate, day(7), days)).toEqual(day(10));
    // A retry a few minutes late (the scheduler's tick) still goes on to the next day of the schedule.
    expect(nextRetryAt(billDate, new Date(day(10).getTime() + 300_000), days)).toEqual(day(13));
  });

  it('has no retry after the last day of the schedule: the bill waits for its grace to end', () => {
    expect(nextRetryAt(billDate, day(13), DEFAULT_DUNNING_SETTINGS.retryDays)).toBeNull();
    expect(nextRetryAt(billDate, billDate, [])).toBeNull();
  });

  it('lists the retries still ahead for the decline mail', () => {
    expect(retryDatesAfter(billDate, day(5), [1, 3, 5, 7, 10, 13])).toEqual([day(7), day(10), day(13)]);
    expect(DunningMessages.retriesAhead([day(7), day(10)])).toBe(
      'We will try the card again on August 12, 2026, August 15, 2026.',
    );
    expect(DunningMessages.retriesAhead([])).toBe('We will not charge the card again automatically.');
  });

  it('sends a reminder the given number of days before the deactivation', () => {
    expect(reminderDateOf(day(14), 7)).toEqual(day(7));
    expect(reminderDateOf(day(14), 2)).toEqual(day(12));
  });
});

describe('the dunning settings', () => {
  it('are the issue’s defaults: days 1, 3, 5, 7, 10, 13; at the decline, 7 and 2 days before', () => {
    expect(DEFAULT_DUNNING_SETTINGS).toEqual({
      retryDays: [1, 3, 5, 7, 10, 13],
      remindAtDecline: true,
      remindDaysBefore: [7, 2],
    });
    expect(DunningMessages.scheduleSummary(DEFAULT_DUNNING_SETTINGS)).toBe(
      'Retries on days 1, 3, 5, 7, 10, 13 of the 14-day grace; reminders at the decline, 7 days before deactivation, 2 days before deactivation.',
    );
  });

  it('keep every day within the grace: day 0 is the charge itself, day 14 the deactivation', () => {
    const ok = { retryDays: [2, 13], remindAtDecline: false, remindDaysBefore: [1] };
    expect(DunningSettingsSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, retryDays: [0] },
      { ...ok, retryDays: [14] },
      { ...ok, retryDays: [1.5] },
      { ...ok, remindDaysBefore: [14] },
      { ...ok, remindAtDecline: 'yes' },
    ])
      expect(DunningSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('are read as stored, in order and without repeats; the defaults when nothing valid is stored', () => {
    expect(dunningSettingsOf({ retryDays: [5, 2, 5], remindAtDecline: false, remindDaysBefore: [] })).toEqual(
      {
        retryDays: [2, 5],
        remindAtDecline: false,
        remindDaysBefore: [],
      },
    );
    expect(dunningSettingsOf(undefined)).toEqual(DEFAULT_DUNNING_SETTINGS);
    expect(dunningSettingsOf({ retryDays: 'often' })).toEqual(DEFAULT_DUNNING_SETTINGS);
  });

  it('word the Subscriptions row of an unpaid subscription as the issue says', () => {
    expect(DunningMessages.paymentFailed('Aug 19, 2026')).toBe(
      'Payment failed: pay by Aug 19, 2026 to keep your license running',
    );
  });
});
