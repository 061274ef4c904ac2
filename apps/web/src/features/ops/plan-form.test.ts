import type { OpsPlan } from '@store/core';
import { describe, expect, it } from 'vitest';
import { samplePlan } from '../../../../../packages/core/test/support/samples';
import {
  becomesUnavailable,
  entitlementsProblem,
  PlanFormSchema,
  planFormValues,
  priceChanged,
  priceChangeImpact,
} from './plan-form';

const plan: OpsPlan = {
  ...samplePlan,
  pricingPlanId: 3,
  monthlyFee: 99.5,
  overagePerRtu: 0.02,
  description: 'For teams',
  sortOrder: 0,
  heartbeatWindowDays: null,
  seatModel: 'node-locked',
  leaseMinutes: null,
  borrowDays: 0,
  entitlements: ['ocr', 'pages=500'],
  trialDays: null,
  subscriberCount: 2,
};

describe('the plan form', () => {
  it('edits every pricing-plan field and nothing else', () => {
    const values = planFormValues(plan, 1);
    expect(values).not.toHaveProperty('pricingPlanId');
    expect(values).not.toHaveProperty('subscriberCount');
    expect(values).toMatchObject({ planName: 'Pro Level 1', monthlyFee: 99.5, numberThreads: 8 });
    expect(PlanFormSchema.safeParse(values).success).toBe(true);
  });

  it('starts a new plan of the chosen product, available, free and empty', () => {
    const values = planFormValues(null, 4);
    expect(values).toMatchObject({ product: 4, isAvailable: true, monthlyFee: 0, planName: '' });
    expect(PlanFormSchema.safeParse(values).error?.issues[0]?.message).toBe('Plan name is required');
  });

  it('refuses fractions of a cent and negative counts', () => {
    const messages = (patch: object) =>
      PlanFormSchema.safeParse({ ...planFormValues(plan, 1), ...patch }).error?.issues.map((i) => i.message);
    expect(messages({ monthlyFee: 1.005 })).toEqual(['Monthly fee must have at most 2 decimals']);
    expect(messages({ numberCores: -1 })).toEqual(['Cores must be at least 0']);
  });

  it('offers a trial of 1 to 90 whole days, or none, and says what is wrong', () => {
    const messages = (trialDays: number | null) =>
      PlanFormSchema.safeParse({ ...planFormValues(plan, 1), trialDays }).error?.issues.map((i) => i.message);
    expect(planFormValues(null, 1).trialDays).toBeNull();
    expect(planFormValues({ ...plan, trialDays: 14 }, 1).trialDays).toBe(14);
    expect(messages(null)).toBeUndefined();
    expect(messages(14)).toBeUndefined();
    expect(messages(0)).toEqual(['Trial days must be at least 1']);
    expect(messages(91)).toEqual(['Trial days must be at most 90']);
    expect(messages(2.5)).toEqual(['Trial days must be a whole number']);
  });

  it('counts a change of what subscribers pay for as a price change, not a description', () => {
    const before = planFormValues(plan, 1);
    expect(priceChanged(before, { ...before, description: 'New words' })).toBe(false);
    expect(priceChanged(before, { ...before, monthlyFee: 120 })).toBe(true);
    expect(priceChanged(before, { ...before, overagePerRtu: 0.03 })).toBe(true);
    expect(priceChanged(before, { ...before, xtraAutoTagPerMonth: 30 })).toBe(true);
  });

  it('states whom a price change reaches', () => {
    expect(priceChangeImpact(3)).toBe(
      'This change applies to new purchases now and to 3 existing subscriptions at their next renewal.',
    );
    expect(priceChangeImpact(1)).toContain('to 1 existing subscription at');
  });

  it('notices a plan being taken off sale', () => {
    const before = planFormValues(plan, 1);
    expect(becomesUnavailable(before, { ...before, isAvailable: false })).toBe(true);
    expect(becomesUnavailable({ ...before, isAvailable: false }, before)).toBe(false);
  });

  it("edits the plan's entitlements and names the first bad or repeated one", () => {
    expect(planFormValues(plan, 1).entitlements).toEqual(['ocr', 'pages=500']);
    expect(planFormValues(null, 1).entitlements).toEqual([]);
    expect(entitlementsProblem(['ocr', 'max-pages-per-document=500'])).toBeNull();
    expect(entitlementsProblem(['ocr', 'PDF-A'])).toBe(
      'Entitlement "PDF-A": a name is 1 to 40 lowercase letters, digits and hyphens, starting with a letter or digit',
    );
    expect(entitlementsProblem(['pages=5', 'pages=6'])).toBe('Entitlement pages is listed more than once');
    const values = { ...planFormValues(plan, 1), entitlements: ['ocr', 'ocr=1'] };
    expect(PlanFormSchema.safeParse(values).error?.issues.map((i) => i.message)).toEqual([
      'Entitlement ocr is listed more than once',
    ]);
  });
});
