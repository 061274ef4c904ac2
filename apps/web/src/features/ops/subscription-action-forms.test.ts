import { describe, expect, it } from 'vitest';
import {
  CancelFormSchema,
  ExtendFormSchema,
  extendedTo,
  MoveSubscribersFormSchema,
  SubscriptionChangeFormSchema,
} from './subscription-action-forms';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message);

describe("the organization page's subscription forms", () => {
  it('a change needs a plan and whole, non-negative quantities', () => {
    expect(
      message(
        SubscriptionChangeFormSchema.safeParse({ pricingPlanId: '', numberMachines: 0, xtraAutoTags: 0 }),
      ),
    ).toEqual(['Choose a plan']);
    expect(
      message(
        SubscriptionChangeFormSchema.safeParse({ pricingPlanId: '3', numberMachines: -1, xtraAutoTags: 1.5 }),
      ),
    ).toEqual(['Number of engines must be at least 0', 'Additional designers must be a whole number']);
    expect(
      SubscriptionChangeFormSchema.safeParse({ pricingPlanId: '3', numberMachines: 2, xtraAutoTags: 0 })
        .success,
    ).toBe(true);
  });

  it('an extension is 1 to 366 whole days, and names the renewal it moves to', () => {
    expect(message(ExtendFormSchema.safeParse({ days: 0 }))).toEqual(['Days must be at least 1']);
    expect(message(ExtendFormSchema.safeParse({ days: 400 }))).toEqual(['Days must be at most 366']);
    expect(extendedTo('2027-11-27T00:00:00.000Z', 10).toISOString()).toBe('2027-12-07T00:00:00.000Z');
  });

  it('a cancellation says when; a move names the plan', () => {
    expect(message(CancelFormSchema.safeParse({ when: 'later' }))).toEqual([
      'Choose when the subscription ends',
    ]);
    expect(message(MoveSubscribersFormSchema.safeParse({ toPlanId: '' }))).toEqual(['Choose a plan']);
  });
});
