import { formatLongDate } from './dates';
import { formatUsd } from './money';

// Promotion codes (docs/decisions/041): what a code looks like, what it takes off an amount, which
// cycles it covers and every sentence a refusal says. The cart, the checkout, the purchase, the
// renewal and the console read these; none computes a discount of its own.

export const PROMOTION_CODE_MIN = 3;
export const PROMOTION_CODE_MAX = 32;
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

/** Codes are case-insensitive: kept and compared upper-case, without surrounding spaces. */
export const normalizePromotionCode = (raw: string): string => raw.trim().toUpperCase();

/** Whether a code (already normalized) is of the grammar: letters, digits, '-' and '_', 3 to 32 long. */
export const isPromotionCode = (code: string): boolean =>
  code.length >= PROMOTION_CODE_MIN && code.length <= PROMOTION_CODE_MAX && CODE_PATTERN.test(code);

/**
 * What a code takes off each cycle it covers: a percentage in basis points or an amount in cents
 * (exactly one of the two), for `cycles` cycles of the subscription (1: only the first; null: every
 * cycle for as long as the subscription lasts).
 */
export type PromotionTerms = {
  percentBp: number | null;
  amountOffCents: number | null;
  cycles: number | null;
};

const BP = 10_000n;

/**
 * The discount on one line's price for one cycle, in cents, never more than the price: a percentage
 * is rounded half-up to the cent once per line (1001 bp of $3.35 is 33.5335 cents → 34), as every
 * other discount is (docs/design.md §2); an amount off comes off each line it applies to.
 */
export const promotionDiscountCents = (terms: PromotionTerms, amountCents: number): number => {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError(`amountCents must be a non-negative integer, got ${amountCents}`);
  if (terms.percentBp !== null) {
    if (!Number.isSafeInteger(terms.percentBp) || terms.percentBp < 1 || terms.percentBp > 10_000)
      throw new RangeError('percentBp must be between 1 and 10000');
    const n = BigInt(amountCents) * BigInt(terms.percentBp);
    return Number((2n * n + BP) / (2n * BP));
  }
  if (
    terms.amountOffCents === null ||
    !Number.isSafeInteger(terms.amountOffCents) ||
    terms.amountOffCents < 1
  )
    throw new RangeError('A promotion takes off a percentage or a positive amount');
  return Math.min(terms.amountOffCents, amountCents);
};

/** Whether the next cycle is discounted, `cyclesUsed` cycles having been discounted already. */
export const promotionCoversCycle = (terms: Pick<PromotionTerms, 'cycles'>, cyclesUsed: number): boolean =>
  terms.cycles === null || cyclesUsed < terms.cycles;

/** The discounted cycles still to come after `cyclesUsed`; null: every cycle. */
export const promotionCyclesLeft = (
  terms: Pick<PromotionTerms, 'cycles'>,
  cyclesUsed: number,
): number | null => (terms.cycles === null ? null : Math.max(0, terms.cycles - cyclesUsed));

/** A plan is eligible when the code names no plans or names it. */
export const promotionAppliesToPlan = (planIds: readonly number[], pricingPlanId: number): boolean =>
  planIds.length === 0 || planIds.includes(pricingPlanId);

const percentText = (bp: number): string => `${Number((bp / 100).toFixed(2))}%`;

/** "10% off the first cycle", "$5.00 off each of the first 3 cycles", "25% off every cycle". */
export const promotionTermsText = (terms: PromotionTerms): string => {
  const off = terms.percentBp !== null ? percentText(terms.percentBp) : formatUsd(terms.amountOffCents ?? 0);
  if (terms.cycles === null) return `${off} off every cycle`;
  if (terms.cycles === 1) return `${off} off the first cycle`;
  return `${off} off each of the first ${terms.cycles} cycles`;
};

/** Why a code cannot be used now, in the order the server asks. */
export type PromotionRefusal =
  | 'unknown'
  | 'inactive'
  | 'expired'
  | 'used-up'
  | 'used-by-organization'
  | 'not-for-plans';

export const PromotionMessages = {
  badCode: `A promotion code is ${PROMOTION_CODE_MIN} to ${PROMOTION_CODE_MAX} letters, digits, hyphens or underscores.`,
  codeRequired: 'Enter a promotion code.',
  codeTaken: (code: string) => `There is already a promotion code ${code}.`,
  refusal: (reason: PromotionRefusal, code: string, expiresAt: Date | null = null): string => {
    switch (reason) {
      case 'unknown':
        return `There is no promotion code ${code}. Please check the code and try again.`;
      case 'inactive':
        return `The promotion code ${code} is no longer valid.`;
      case 'expired':
        return `The promotion code ${code} expired on ${expiresAt ? formatLongDate(expiresAt) : 'an earlier date'}.`;
      case 'used-up':
        return `The promotion code ${code} has been used up.`;
      case 'used-by-organization':
        return `Your organization has already used the promotion code ${code}.`;
      case 'not-for-plans':
        return `The promotion code ${code} does not apply to the plans in your cart.`;
    }
  },
  /** The purchase's refusal when the code could not be redeemed: nothing was charged. */
  notRedeemed: (refusal: string, total: string) =>
    `${refusal} Nothing was charged. Without the code the total is ${total}; confirm again to buy at that price.`,
  /** The bill's and the cost breakdown's line. */
  lineLabel: (code: string) => `Promotion ${code}`,
} as const;

/**
 * What a code takes off a cart: each line of a plan it applies to, rounded on its own, as the
 * purchase prices it (the checkout shows this figure and the server charges it).
 */
export const promotionCartCents = (
  promotion: PromotionTerms & { planIds: readonly number[] },
  lines: readonly { pricingPlanId: number; priceCents: number }[],
): number =>
  lines.reduce(
    (sum, line) =>
      sum +
      (promotionAppliesToPlan(promotion.planIds, line.pricingPlanId)
        ? promotionDiscountCents(promotion, line.priceCents)
        : 0),
    0,
  );
