import { z } from 'zod/mini';
import { Messages } from '../messages';
import { isProPlan } from '../products';
import { fractionField, intField, moneyField, requiredText } from './common';
import { BillingCycleSchema, PricingPlanSchema } from './entities';
import { MAX_PURCHASE_ITEMS, MAX_SEATS } from './purchase';

/**
 * A choice the form holds as null until it is made: null says `message`. The output type is the
 * chosen value's (classic zod's refine narrowed it; zod/mini's checks do not change a type).
 */
const chosen = <S extends z.ZodMiniType>(schema: S, message: string) =>
  z.nullable(schema).check(z.refine((v) => v !== null, message)) as unknown as z.ZodMiniType<
    z.output<S>,
    z.input<S> | null
  >;

/** The Products/{productName} form (docs/spec.md §3 "Plan form", §5 product form rules). */
export const ProductFormSchema = z
  .object({
    subname: requiredText(Messages.subscriptionNameRequired, 'Subscription name'),
    selectedPricingPlan: chosen(PricingPlanSchema, Messages.pricingPlanRequired),
    billingCycle: chosen(BillingCycleSchema, Messages.billingCycleRequired),
    maxOverages: moneyField('Max overages'),
    extraDesigners: intField('Additional designers', 0, MAX_SEATS),
    numberOfMachines: intField('Number of engines', 0, MAX_SEATS),
    eulaAgreed: z.boolean({ error: Messages.eulaRequired }).check(z.refine((v) => v, Messages.eulaRequired)),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.selectedPricingPlan && isProPlan(form.selectedPricingPlan) && form.numberOfMachines < 1) {
        ctx.addIssue({ code: 'custom', path: ['numberOfMachines'], message: Messages.enginesMinimum });
      }
    }),
  );
export type ProductFormInput = z.input<typeof ProductFormSchema>;
export type ProductForm = z.output<typeof ProductFormSchema>;

export const CartItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  pricingPlan: PricingPlanSchema,
  name: z.string(),
  maxOverages: z.number().check(z.gte(0)),
  extraDesigners: z.number().check(z.int(), z.gte(0)),
  numberOfMachines: z.number().check(z.int(), z.gte(0)),
  billingCycle: BillingCycleSchema,
  /** Fraction, as the organization's discount on the wire. */
  orgDiscount: fractionField('Organization discount'),
  /** Price per cycle in dollars, as last priced (docs/spec.md §6: repriced when the organization or catalogue changes). */
  total: z.number().check(z.gte(0)),
  /** The price per cycle when the item was added, kept so the cart can say that it changed. */
  addedTotal: z.optional(z.number().check(z.gte(0))),
  /** The organization's discount the item was priced with when added (0 for a visitor). */
  addedOrgDiscount: z.optional(fractionField('Organization discount')),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  items: z.array(CartItemSchema).check(z.maxLength(MAX_PURCHASE_ITEMS)),
  total: z.number().check(z.gte(0)),
});
export type Cart = z.infer<typeof CartSchema>;
