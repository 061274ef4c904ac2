import { describe, expect, it } from 'vitest';
import { noUsage } from '../test/support/samples';
import { BillingMode } from './billing-cycle';
import { OpsPlanFieldsSchema } from './ops/catalog';
import { quoteSubscriptionChange } from './subscription-change';
import { isInTrial, isTrialDays, TrialMessages, trialEndsAt, trialItemIds, trialReminderAt } from './trials';

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

  it('is in its trial until converted or ended', () => {
    const end = new Date('2026-12-11T00:00:00Z');
    const running = { trialEndsAt: end, nextBaseBillingDate: end, isActive: true, deactivateDate: null };
    expect(isInTrial(running)).toBe(true);
    expect(isInTrial({ ...running, nextBaseBillingDate: new Date('2027-12-11T00:00:00Z') })).toBe(false);
    expect(isInTrial({ ...running, isActive: false, deactivateDate: end })).toBe(false);
    expect(isInTrial({ ...running, trialEndsAt: null })).toBe(false);
  });

  it('charges nothing for a higher fee during a trial', () => {
    const terms = { pricingPlanId: 1, numberMachines: 0, xtraAutoTags: 0 };
    const input = {
      current: { ...terms, cycleCents: 10_000 },
      wanted: { ...terms, pricingPlanId: 2, cycleCents: 20_000 },
      periodStart: new Date('2026-11-27T00:00:00Z'),
      periodEnd: new Date('2026-12-11T00:00:00Z'),
      now: new Date('2026-12-01T00:00:00Z'),
      overage: noUsage,
    };
    expect(quoteSubscriptionChange(input).prorationCents).toBeGreaterThan(0);
    expect(quoteSubscriptionChange({ ...input, inTrial: true })).toMatchObject({
      applies: 'now',
      prorationCents: 0,
      chargeNow: false,
    });
  });

  it('starts one trial per plan in a cart, only of plans that offer one', () => {
    const item = (id: string, pricingPlanId: number, trialDays: number | null) => ({
      id,
      pricingPlan: { pricingPlanId, trialDays },
    });
    expect([
      ...trialItemIds([item('a', 1, 14), item('b', 1, 14), item('c', 2, null), item('d', 3, 7)]),
    ]).toEqual(['a', 'd']);
  });
});
