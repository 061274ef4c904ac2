import { describe, expect, it } from 'vitest';
import { BillingMode } from './billing-cycle';
import { OpsPlanFieldsSchema } from './ops/catalog';
import { isTrialDays, TrialMessages, trialEndsAt, trialReminderAt } from './trials';

describe('trials', () => {
  it('allows whole days from 1 to 90, or none', () => {
    expect([null, 1, 14, 90].map(isTrialDays)).toEqual([true, true, true, true]);
    expect([0, 91, 1.5, -3].map(isTrialDays)).toEqual([false, false, false, false]);
  });

  it('ends a trial whole days after its start, and mails three days before', () => {
    const start = new Date('2026-11-27T14:30:00Z');
    const end = trialEndsAt(start, 14);
    expect(end.toISOString()).toBe('2026-12-11T14:30:00.000Z');
    expect(trialReminderAt(end).toISOString()).toBe('2026-12-08T14:30:00.000Z');
    expect(() => trialEndsAt(start, 0)).toThrow(RangeError);
  });

  it('says the end and the price in the subscription list’s words', () => {
    expect(TrialMessages.trialLine('2026-12-11T14:30:00Z', 2900, BillingMode.Monthly)).toBe(
      'Trial: ends Dec 11, 2026, then $29.00 per month',
    );
    expect(TrialMessages.trialLine(new Date('2027-01-02T00:00:00Z'), 123456, BillingMode.Annually)).toBe(
      'Trial: ends Jan 2, 2027, then $1,234.56 per year',
    );
  });

  it('gives the console’s form its messages for trial days', () => {
    const base = { planName: 'Flex 1', monthlyFee: 10 };
    expect(OpsPlanFieldsSchema.parse(base).trialDays).toBeNull();
    expect(OpsPlanFieldsSchema.parse({ ...base, trialDays: 14 }).trialDays).toBe(14);
    const refused = OpsPlanFieldsSchema.safeParse({ ...base, trialDays: 91 });
    expect(refused.error?.issues[0]?.message).toBe('Trial days must be at most 90');
    const zero = OpsPlanFieldsSchema.safeParse({ ...base, trialDays: 0 });
    expect(zero.error?.issues[0]?.message).toBe('Trial days must be at least 1');
  });
});
