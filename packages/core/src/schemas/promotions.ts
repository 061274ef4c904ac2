import { z } from 'zod/mini';
import {
  isPromotionCode,
  normalizePromotionCode,
  PROMOTION_CODE_MAX,
  PROMOTION_CODE_MIN,
  PromotionMessages,
} from '../promotion-codes';
import { idField, intField } from './common';
import { MAX_PURCHASE_ITEMS } from './purchase';

// The customer's side of promotion codes (docs/decisions/041): the cart's check and what a purchase
// says of the code it redeemed.

/** A code as a person types it: trimmed, upper-cased, then held to the grammar. */
export const PromotionCodeFieldSchema = z.pipe(
  z
    .string({ error: PromotionMessages.codeRequired })
    // The document states the grammar's length (decision 023); a code is sent trimmed.
    .check(
      z.minLength(1, PromotionMessages.codeRequired),
      z.minLength(PROMOTION_CODE_MIN, PromotionMessages.badCode),
      z.maxLength(PROMOTION_CODE_MAX, PromotionMessages.badCode),
    ),
  z.pipe(
    z.transform((raw: string) => normalizePromotionCode(raw)),
    z
      .string()
      .check(
        z.minLength(1, PromotionMessages.codeRequired),
        z.refine(isPromotionCode, PromotionMessages.badCode),
        z.meta({ description: 'Case-insensitive; 3 to 32 letters, digits, hyphens or underscores.' }),
      ),
  ),
);

/** POST /api/promotions/check: the code and the cart's plans, checked without redeeming anything. */
export const PromotionCheckRequestSchema = z.strictObject({
  code: PromotionCodeFieldSchema,
  pricingPlanIds: z
    .array(idField('Pricing plan'), { error: 'Pricing plans must be a list of plan ids' })
    .check(
      z.minLength(1, 'The cart is empty'),
      z.maxLength(MAX_PURCHASE_ITEMS, `At most ${MAX_PURCHASE_ITEMS} plans can be checked at once`),
    ),
});
export type PromotionCheckRequest = z.infer<typeof PromotionCheckRequestSchema>;

const nullableInt = (label: string, min: number, max: number) => z.nullable(intField(label, min, max));

/** A usable code: its terms, the plans it is limited to (none: any plan) and its terms in words. */
export const PromotionSchema = z.object({
  code: z.string(),
  percentBp: nullableInt('Percent off', 1, 10_000),
  amountOffCents: nullableInt('Amount off', 1, 100_000_000),
  cycles: nullableInt('Cycles', 1, 1000),
  planIds: z.array(z.number().check(z.int())),
  description: z.string(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

/** What a purchase answers of the code it redeemed: the code and what it took off today's charge. */
export const PurchasePromotionSchema = z.object({
  code: z.string(),
  description: z.string(),
  discount: z.number(),
  discountCents: z.number().check(z.int()),
});

/** The 409 when the code could not be redeemed at checkout: nothing was charged; the total without it. */
export const PromotionNotRedeemedSchema = z.object({
  message: z.string(),
  code: z.literal('PROMOTION_NOT_REDEEMED'),
  total: z.number(),
  totalCents: z.number().check(z.int()),
});

export const PROMOTION_CODE_HEADER = 'X-Promotion-Code';
