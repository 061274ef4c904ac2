import { z } from 'zod/mini';
import { PROMOTION_CODE_MAX } from '../promotion-codes';
import { idField, idParams, intField, moneyField } from '../schemas/common';
import { PromotionCodeFieldSchema } from '../schemas/promotions';

// The console's Promotion codes screen (docs/decisions/041, docs/operator.md): list, create, deactivate.

export const MAX_PROMOTION_CYCLES = 120;

/**
 * A new code as the operator writes it: a percentage (to the hundredth) or an amount in dollars off,
 * for `cycles` cycles (1: the first only; null: every cycle), for the plans named (none: any plan),
 * until `expiresAt` (null: no end), at most `maxRedemptions` times (null: no limit), once per
 * organization or not.
 */
export const OpsPromotionBodySchema = z
  .strictObject({
    code: PromotionCodeFieldSchema,
    percentOff: z.nullable(
      z
        .number({ error: 'Percent off must be a number' })
        .check(
          z.gte(0.01, 'Percent off must be at least 0.01'),
          z.lte(100, 'Percent off must be at most 100'),
          z.multipleOf(0.01, 'Percent off must have at most 2 decimals'),
        ),
    ),
    amountOff: z.nullable(moneyField('Amount off')),
    cycles: z.nullable(intField('Cycles', 1, MAX_PROMOTION_CYCLES)),
    planIds: z._default(
      z.array(idField('Pricing plan')).check(z.maxLength(100, 'At most 100 plans can be named')),
      [],
    ),
    expiresAt: z.nullable(z.iso.datetime({ offset: true, error: 'Expires must be a date and time' })),
    maxRedemptions: z.nullable(intField('Maximum redemptions', 1, 1_000_000)),
    oncePerOrganization: z.boolean({ error: 'Once per organization must be true or false' }),
  })
  .check(
    z.refine(
      (b) => (b.percentOff === null) !== (b.amountOff === null),
      'Give either a percent off or an amount off, not both',
    ),
    z.refine((b) => b.amountOff === null || b.amountOff > 0, 'Amount off must be more than 0'),
  );
export type OpsPromotionBody = z.infer<typeof OpsPromotionBodySchema>;

export const OpsPromotionParamsSchema = idParams('promotionCodeId', 'Promotion code id');

/** One code as the console lists it, with how often it was redeemed. */
export const OpsPromotionSchema = z.object({
  promotionCodeId: z.number().check(z.int()),
  code: z.string().check(z.maxLength(PROMOTION_CODE_MAX)),
  percentOff: z.nullable(z.number()),
  amountOff: z.nullable(z.number()),
  cycles: z.nullable(z.number().check(z.int())),
  planIds: z.array(z.number().check(z.int())),
  expiresAt: z.nullable(z.string()),
  maxRedemptions: z.nullable(z.number().check(z.int())),
  redemptions: z.number().check(z.int()),
  oncePerOrganization: z.boolean(),
  isActive: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
});
export type OpsPromotion = z.infer<typeof OpsPromotionSchema>;
export const OpsPromotionListSchema = z.array(OpsPromotionSchema);
