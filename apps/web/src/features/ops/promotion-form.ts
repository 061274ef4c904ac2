import { type OpsPromotionBody, PromotionCodeFieldSchema } from '@store/core';
import { z } from 'zod/mini';

// The console's New promotion code form (docs/decisions/041): a percentage or an amount, how long it
// lasts in words (once, some cycles, forever), an end date; the wire's nulls are the form's blanks.

const optionalCount = (label: string, min: number) =>
  z.union([
    z.literal(''),
    z
      .number({ error: `${label} must be a number` })
      .check(z.int(`${label} must be a whole number`), z.gte(min, `${label} must be at least ${min}`)),
  ]);

export const PromotionFormSchema = z
  .object({
    code: PromotionCodeFieldSchema,
    kind: z.enum(['percent', 'amount']),
    value: z.union([z.literal(''), z.number()]),
    duration: z.enum(['once', 'cycles', 'forever']),
    cycles: optionalCount('Cycles', 2),
    planIds: z.array(z.string()),
    expiresOn: z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Expires must be a date')),
    maxRedemptions: optionalCount('Maximum redemptions', 1),
    oncePerOrganization: z.boolean(),
  })
  .check(
    z.refine((v) => v.value !== '' && v.value > 0, {
      message: 'Enter how much the code takes off',
      path: ['value'],
    }),
    z.refine((v) => v.kind !== 'percent' || v.value === '' || v.value <= 100, {
      message: 'Percent off must be at most 100',
      path: ['value'],
    }),
    z.refine((v) => v.duration !== 'cycles' || v.cycles !== '', {
      message: 'Enter how many cycles',
      path: ['cycles'],
    }),
  );
export type PromotionFormValues = z.input<typeof PromotionFormSchema>;

export const EMPTY_PROMOTION_FORM: PromotionFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  duration: 'once',
  cycles: '',
  planIds: [],
  expiresOn: '',
  maxRedemptions: '',
  oncePerOrganization: true,
};

/** The create call's body; a date expires at the end of that day (UTC). */
export function promotionFromForm(v: z.output<typeof PromotionFormSchema>): OpsPromotionBody {
  const value = v.value === '' ? 0 : v.value;
  return {
    code: v.code,
    percentOff: v.kind === 'percent' ? value : null,
    amountOff: v.kind === 'amount' ? value : null,
    cycles: v.duration === 'once' ? 1 : v.duration === 'forever' ? null : (v.cycles as number),
    planIds: v.planIds.map(Number),
    expiresAt: v.expiresOn === '' ? null : `${v.expiresOn}T23:59:59Z`,
    maxRedemptions: v.maxRedemptions === '' ? null : v.maxRedemptions,
    oncePerOrganization: v.oncePerOrganization,
  };
}
