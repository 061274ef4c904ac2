import { z } from 'zod/mini';
import { type BillingCycleDiscounts, billingCycle, cycleDiscountBp } from './billing-cycle';
import { fractionToBp, fromCents } from './money';
import { PaymentAuthenticationSchema } from './payments';
import { planPricingInput, pricePerCycleCents } from './pricing';
import { isProPlan } from './products';
import { type CartItem, PricingPlanSchema, type ProductFormInput, PurchasePromotionSchema } from './schemas';
import { PLACEHOLDER_DESCRIPTION, type PurchaseItem } from './schemas/purchase';

// The store's wire shapes and the one chain of pricing that the product form, the cart, the checkout
// and the server's charge share (docs/design.md §2).

/** GET /api/product/all: one row per product; `productName` is the {productName} of Products/{productName}. */
export const ProductSchema = z.object({
  product: z.number().check(z.int()),
  productName: z.string(),
  title: z.string(),
  description: z.string(),
  isAvailable: z.boolean(),
});
export type Product = z.infer<typeof ProductSchema>;

export const PlanListSchema = z.array(PricingPlanSchema);
export const ProductListSchema = z.array(ProductSchema);

/** GET /api/misc/stripePublicKey: null when the sandbox gateway is in use. */
export const StripePublicKeySchema = z.object({ publicKey: z.nullable(z.string()) });

/** POST /api/organization/card_setup: Stripe's SetupIntent client secret (null for the sandbox). */
export const CardSetupSchema = z.object({ clientSecret: z.nullable(z.string()) });

/** POST /api/subscription/new answers with the order and the subscriptions it created. */
export const PurchaseResultSchema = z.object({
  orderId: z.number().check(z.int()),
  status: z.number().check(z.int()),
  total: z.number(),
  subscriptions: z.array(z.object({ subscriptionId: z.number().check(z.int()), description: z.string() })),
  /** The bank asks the customer to authenticate first (docs/decisions/024): the order is still pending. */
  authentication: z.optional(PaymentAuthenticationSchema),
  /** The promotion code redeemed and what it took off today's charge (docs/decisions/041). */
  promotion: z.optional(PurchasePromotionSchema),
});
export type PurchaseResult = z.infer<typeof PurchaseResultSchema>;

/** The 409 body when the server's total differs from the X-Expected-Total the client showed. */
export const TotalChangedSchema = z.object({
  message: z.string(),
  code: z.literal('TOTAL_CHANGED'),
  total: z.number(),
  totalCents: z.number().check(z.int()),
});

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const EXPECTED_TOTAL_HEADER = 'X-Expected-Total';

export const Store = {
  billingInfoRequired: 'Please add billing information before purchasing.',
  purchaseInProgress: 'This purchase is already being processed.',
  idempotencyKeyReused:
    'This purchase key was already used for a different order. Please reload the page and try again.',
  monthlyNotAllowed:
    'Monthly billing is not available for your organization. Please choose another billing cycle.',
  totalChanged: (total: string) =>
    `Prices have changed since you opened the checkout. The new total is ${total}.`,
} as const;

type PricedPlan = { product: number; monthlyFee: number; xtraAutoTagPerMonth: number };
type ItemShape = { numberMachines: number; xtraAutoTags: number; billingMode: number };

/** Pro plans count engines; every other plan carries 0 engines (docs/design.md §2). */
export const machinesFor = (plan: { product: number }, numberMachines: number): number =>
  isProPlan(plan) ? numberMachines : 0;

/** The one price of one item, from a wire plan, the cycle discounts and the organization discount (a fraction). */
export const itemPriceCents = (
  plan: PricedPlan,
  item: ItemShape,
  discounts: BillingCycleDiscounts,
  orgDiscount: number,
): number =>
  pricePerCycleCents({
    plan: planPricingInput(plan),
    numberMachines: machinesFor(plan, item.numberMachines),
    xtraAutoTags: item.xtraAutoTags,
    billingMode: item.billingMode,
    cycleDiscountBp: cycleDiscountBp(item.billingMode, discounts),
    orgDiscountBp: fractionToBp(orgDiscount),
  });

/** The product form's "total per billing cycle"; null until a plan and a cycle are chosen. */
export const productFormTotalCents = (
  form: Pick<
    ProductFormInput,
    'selectedPricingPlan' | 'billingCycle' | 'extraDesigners' | 'numberOfMachines'
  >,
  discounts: BillingCycleDiscounts,
  orgDiscount: number,
): number | null => {
  const plan = form.selectedPricingPlan;
  const cycle = form.billingCycle;
  if (!plan || !cycle) return null;
  return itemPriceCents(
    plan,
    {
      numberMachines: form.numberOfMachines ?? 0,
      xtraAutoTags: form.extraDesigners ?? 0,
      billingMode: cycle.mode,
    },
    discounts,
    orgDiscount,
  );
};

/** Add to cart: the cart item of spec §3 (money in dollars) from a valid product form. */
export const cartItemFromForm = (
  form: {
    subname: string;
    selectedPricingPlan: z.infer<typeof PricingPlanSchema>;
    billingCycle: { mode: number };
    maxOverages: number;
    extraDesigners: number;
    numberOfMachines: number;
  },
  options: { id: string; discounts: BillingCycleDiscounts; orgDiscount: number },
): CartItem => {
  const plan = form.selectedPricingPlan;
  const extraDesigners = plan.allowXtraAutoTag ? form.extraDesigners : 0;
  const numberOfMachines = machinesFor(plan, form.numberOfMachines);
  const cents = itemPriceCents(
    plan,
    { numberMachines: numberOfMachines, xtraAutoTags: extraDesigners, billingMode: form.billingCycle.mode },
    options.discounts,
    options.orgDiscount,
  );
  return {
    id: options.id,
    pricingPlan: plan,
    name: form.subname.trim(),
    maxOverages: form.maxOverages,
    extraDesigners,
    numberOfMachines,
    billingCycle: billingCycle(form.billingCycle.mode, options.discounts),
    orgDiscount: options.orgDiscount,
    total: fromCents(cents),
  };
};

/**
 * A cart line priced now: its plan as the catalogue has it now (when given), the cycle discounts now
 * and the organization's discount now. The cart and the checkout both show this.
 */
export const cartItemPriceCents = (
  item: CartItem,
  discounts: BillingCycleDiscounts,
  orgDiscount: number,
  currentPlan: PricedPlan = item.pricingPlan,
): number =>
  itemPriceCents(
    currentPlan,
    {
      numberMachines: item.numberOfMachines,
      xtraAutoTags: item.extraDesigners,
      billingMode: item.billingCycle.mode,
    },
    discounts,
    orgDiscount,
  );

/** What Confirm Purchase sends for one cart item (spec §7: POST /api/subscription/new). */
export const purchaseItemFromCart = (item: CartItem): PurchaseItem => ({
  description: item.name.trim(),
  pricingPlanId: item.pricingPlan.pricingPlanId,
  maxAdditionalMonthlyCharge: item.maxOverages,
  xtraAutoTags: item.extraDesigners,
  numberMachines: item.numberOfMachines,
  billingMode: item.billingCycle.mode,
});

export const descriptionOrPlaceholder = (description: string): string =>
  description.trim() === '' ? PLACEHOLDER_DESCRIPTION : description.trim();

/** Whole cents from the X-Expected-Total header, or null when it is absent; undefined when unreadable. */
export const parseExpectedTotal = (header: string | undefined): number | null | undefined => {
  if (header === undefined || header === '') return null;
  return /^\d{1,12}$/.test(header.trim()) ? Number(header.trim()) : undefined;
};
