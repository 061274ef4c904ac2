import { describe, expect, it } from 'vitest';
import {
  designerHostCount,
  grandfatheredLabel,
  isCancelled,
  isSubscriptionModified,
  subscriptionStatusText,
} from './subscription-state';

describe('subscription status', () => {
  it.each([
    [true, null, false, 'Active'],
    [true, undefined, false, 'Active'],
    [true, '', false, 'Active'],
    [true, '2026-11-22T00:00:00Z', true, 'Cancelled Nov 22, 2026'],
    [false, '2026-01-05T23:00:00Z', true, 'Cancelled Jan 5, 2026'],
    [false, null, true, 'Cancelled'],
  ])('isActive %s, deactivateDate %s', (isActive, deactivateDate, cancelled, text) => {
    expect(isCancelled({ isActive, deactivateDate })).toBe(cancelled);
    expect(subscriptionStatusText({ isActive, deactivateDate })).toBe(text);
  });
});

describe('isSubscriptionModified', () => {
  const saved = {
    description: 'Prod',
    pricingPlanId: 3,
    maxAdditionalMonthlyCharge: 10,
    xtraAutoTags: 1,
    numberMachines: 2,
  };
  it.each([
    ['unchanged', {}, false],
    ['name', { description: 'Prod 2' }, true],
    ['plan', { pricingPlanId: 4 }, true],
    ['max overages', { maxAdditionalMonthlyCharge: 10.01 }, true],
    ['max overages emptied', { maxAdditionalMonthlyCharge: null }, true],
    ['extra designers', { xtraAutoTags: 2 }, true],
    ['machines', { numberMachines: 1 }, true],
  ])('%s', (_name, change, modified) => {
    expect(isSubscriptionModified(saved, { ...saved, ...change })).toBe(modified);
  });
});

describe('labels and counts', () => {
  it.each([
    [1, 0, 1],
    [1, 3, 4],
    [0, 0, 0],
  ])('designerHostCount(%i included, %i extra) = %i', (numAutoTags, extra, count) => {
    expect(designerHostCount({ numAutoTags }, extra)).toBe(count);
  });

  it('grandfatheredLabel', () => {
    expect(grandfatheredLabel('Pro Level 2')).toBe('Pro Level 2 (Grandfathered)');
  });
});
