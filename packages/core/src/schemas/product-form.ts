import { z } from 'zod';
import { Messages } from '../messages';
import { isProPlan } from '../products';
import { fractionField, intField, moneyField, requiredText } from './common';
import { BillingCycleSchema, PricingPlanSchema } from './entities';
import { MAX_PURCHASE_ITEMS, MAX_SEATS } from './purchase';

/** The Products/{productName} form (SPEC.md §3 "Plan form", §5 product form rules). */
export const ProductFormSchema = z
  .object({
    subname: requiredText(Messages.subscriptionNameRequired, 'Subscription name'),
    selectedPricingPlan: PricingPlanSchema.nullable().refine((p) => p !== null, Messages.pricingPlanRequired),
    billingCycle: BillingCycleSchema.nullable().refine((c) => c !== null, Messages.billingCycleRequired),
    maxOverages: moneyField('Max overages'),
    extraDesigners: intField('Additional designers', 0, MAX_SEATS),
    numberOfMachines: intField('Number of engines', 0, MAX_SEATS),
    eulaAgreed: z.boolean({ error: Messages.eulaRequired }).refine((v) => v, Messages.eulaRequired),
  })
  .superRefine((form, ctx) => {
    if (form.selectedPricingPlan && isProPlan(form.selectedPricingPlan) && form.numberOfMachines < 1) {
      ctx.addIssue({ code: 'custom', path: ['numberOfMachines'], message: Messages.enginesMinimum });
    }
  });
export type ProductFormInput = z.input<typeof ProductFormSchema>;
export type ProductForm = z.output<typeof ProductFormSchema>;

export const CartItemSchema = z.object({
  id: z.string().min(1),
  pricingPlan: PricingPlanSchema,
  name: z.string(),
  maxOverages: z.number().min(0),
  extraDesigners: z.number().int().min(0),
  numberOfMachines: z.number().int().min(0),
  billingCycle: BillingCycleSchema,
  /** Fraction, as the organization's discount on the wire. */
  orgDiscount: fractionField('Organization discount'),
  /** Price per cycle in dollars, as last priced (SPEC.md §6: repriced when the organization or catalogue changes). */
  total: z.number().min(0),
  /** The price per cycle when the item was added, kept so the cart can say that it changed. */
  addedTotal: z.number().min(0).optional(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  items: z.array(CartItemSchema).max(MAX_PURCHASE_ITEMS),
  total: z.number().min(0),
});
export type Cart = z.infer<typeof CartSchema>;
