import { describe, expect, it } from 'vitest';
import { errorsOf } from '../test/support/schema-errors';
import { OpsPromotionBodySchema } from './ops/promotions';
import {
  isPromotionCode,
  normalizePromotionCode,
  PromotionMessages,
  type PromotionTerms,
  promotionAppliesToPlan,
  promotionCartCents,
  promotionCoversCycle,
  promotionCyclesLeft,
  promotionDiscountCents,
  promotionTermsText,
} from './promotion-codes';
import { PromotionCheckRequestSchema } from './schemas/promotions';

const percent = (bp: number, cycles: number | null = 1): PromotionTerms => ({
  percentBp: bp,
  amountOffCents: null,
  cycles,
});
const amount = (cents: number, cycles: number | null = 1): PromotionTerms => ({
  percentBp: null,
  amountOffCents: cents,
  cycles,
});

describe('the code grammar', () => {
  it.each([
    ['welcome10', 'WELCOME10', true],
    ['  Spring-2027_a ', 'SPRING-2027_A', true],
    ['AB', 'AB', false],
    ['A'.repeat(32), 'A'.repeat(32), true],
    ['A'.repeat(33), 'A'.repeat(33), false],
    ['-START', '-START', false],
    ['TEN OFF', 'TEN OFF', false],
    ['ÉTÉ10', 'ÉTÉ10', false],
  ])('%j is kept as %j (valid: %s)', (raw, kept, valid) => {
    expect(normalizePromotionCode(raw)).toBe(kept);
    expect(isPromotionCode(normalizePromotionCode(raw))).toBe(valid);
  });

  it('the check request reads a code case-insensitively and says what is wrong', () => {
    expect(PromotionCheckRequestSchema.parse({ code: ' welcome10 ', pricingPlanIds: [1] }).code).toBe(
      'WELCOME10',
    );
    expect(errorsOf(PromotionCheckRequestSchema, { code: 'x y', pricingPlanIds: [1] })).toEqual({
      code: PromotionMessages.badCode,
    });
    expect(errorsOf(PromotionCheckRequestSchema, { code: '', pricingPlanIds: [1] })).toEqual({
      code: 'Enter a promotion code.',
    });
    expect(errorsOf(PromotionCheckRequestSchema, { code: 'WELCOME10', pricingPlanIds: [] })).toEqual({
      pricingPlanIds: 'The cart is empty',
    });
  });
});

describe('promotionDiscountCents', () => {
  it.each([
    // Basis points of integer cents, rounded half-up to the cent once per line.
    [percent(1000), 29_900, 2_990],
    [percent(1000), 333, 33], // 33.3 → 33
    [percent(1000), 335, 34], // 33.5 → 34 (half-up)
    [percent(1001), 335, 34], // 33.5335 → 34
    [percent(1250), 1, 0], // 0.125 → 0
    [percent(5000), 1, 1], // 0.5 → 1
    [percent(10_000), 4_999, 4_999],
    [percent(1000), 0, 0],
    // An amount off never takes more than the price.
    [amount(500), 29_900, 500],
    [amount(500), 300, 300],
  ])('%j of %i cents is %i', (terms, cents, off) => {
    expect(promotionDiscountCents(terms, cents)).toBe(off);
  });

  it('refuses what no code can be', () => {
    expect(() => promotionDiscountCents(percent(0), 100)).toThrow(RangeError);
    expect(() => promotionDiscountCents(percent(10_001), 100)).toThrow(RangeError);
    expect(() => promotionDiscountCents(amount(0), 100)).toThrow(RangeError);
    expect(() => promotionDiscountCents(percent(1000), 1.5)).toThrow(RangeError);
  });
});

describe('the cycles a code covers', () => {
  it.each([
    [1, 0, true, 1],
    [1, 1, false, 0],
    [3, 2, true, 1],
    [3, 3, false, 0],
    [null, 40, true, null],
  ])('for %s cycles, after %i used: covered %s, left %s', (cycles, used, covered, left) => {
    expect(promotionCoversCycle({ cycles }, used)).toBe(covered);
    expect(promotionCyclesLeft({ cycles }, used)).toBe(left);
  });

  it('a code naming no plans fits every plan', () => {
    expect(promotionAppliesToPlan([], 7)).toBe(true);
    expect(promotionAppliesToPlan([3, 4], 4)).toBe(true);
    expect(promotionAppliesToPlan([3, 4], 7)).toBe(false);
  });

  it.each([
    [percent(1000), '10% off the first cycle'],
    [percent(1250, 3), '12.5% off each of the first 3 cycles'],
    [amount(500, null), '$5.00 off every cycle'],
  ])('%j reads %j', (terms, text) => {
    expect(promotionTermsText(terms)).toBe(text);
  });
});

describe('refusals', () => {
  it.each([
    ['unknown', 'There is no promotion code NOPE. Please check the code and try again.'],
    ['inactive', 'The promotion code NOPE is no longer valid.'],
    ['expired', 'The promotion code NOPE expired on January 05, 2027.'],
    ['used-up', 'The promotion code NOPE has been used up.'],
    ['used-by-organization', 'Your organization has already used the promotion code NOPE.'],
    ['not-for-plans', 'The promotion code NOPE does not apply to the plans in your cart.'],
  ] as const)('%s says %j', (reason, text) => {
    expect(PromotionMessages.refusal(reason, 'NOPE', new Date('2027-01-05T00:00:00Z'))).toBe(text);
  });
});

describe('the console form', () => {
  const body = {
    code: 'spring',
    percentOff: 10,
    amountOff: null,
    cycles: 1,
    expiresAt: null,
    maxRedemptions: null,
    oncePerOrganization: true,
  };
  it('takes a percentage or an amount, never both or neither', () => {
    expect(OpsPromotionBodySchema.parse(body)).toMatchObject({ code: 'SPRING', planIds: [] });
    expect(errorsOf(OpsPromotionBodySchema, { ...body, amountOff: 5 })).toEqual({
      '': 'Give either a percent off or an amount off, not both',
    });
    expect(errorsOf(OpsPromotionBodySchema, { ...body, percentOff: null })).toEqual({
      '': 'Give either a percent off or an amount off, not both',
    });
    expect(errorsOf(OpsPromotionBodySchema, { ...body, percentOff: 100.5 })).toEqual({
      percentOff: 'Percent off must be at most 100',
    });
    expect(errorsOf(OpsPromotionBodySchema, { ...body, percentOff: 10.005 })).toEqual({
      percentOff: 'Percent off must have at most 2 decimals',
    });
    expect(errorsOf(OpsPromotionBodySchema, { ...body, cycles: 0 })).toEqual({
      cycles: 'Cycles must be at least 1',
    });
  });
});

describe('promotionCartCents', () => {
  it('takes the code off each line of a plan it names, each rounded on its own', () => {
    const lines = [
      { pricingPlanId: 1, priceCents: 335 },
      { pricingPlanId: 1, priceCents: 335 },
      { pricingPlanId: 2, priceCents: 10_000 },
    ];
    expect(promotionCartCents({ ...percent(1000), planIds: [] }, lines)).toBe(34 + 34 + 1_000);
    expect(promotionCartCents({ ...percent(1000), planIds: [1] }, lines)).toBe(68);
    expect(promotionCartCents({ ...amount(500), planIds: [2] }, lines)).toBe(500);
  });
});
