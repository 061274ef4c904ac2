import { type BillingCycleDiscounts, billingCycle } from './billing-cycle';
import { formatUsdPerPeriod, fromCents, toCents } from './money';
import type { CartItem, PricingPlan } from './schemas';
import { cartItemPriceCents } from './store';

/**
 * A stored cart item priced again (SPEC.md §6): with the plan as the catalogue has it now, today's
 * cycle discounts and the organization's discount now (0 when signed out). The cart stores this,
 * and the cart and the checkout show it, so both show what the purchase charges.
 */
export const repriceCartItem = (
  item: CartItem,
  discounts: BillingCycleDiscounts,
  orgDiscount: number,
  currentPlan: PricingPlan = item.pricingPlan,
): CartItem => ({
  ...item,
  pricingPlan: currentPlan,
  billingCycle: billingCycle(item.billingCycle.mode, discounts),
  orgDiscount,
  total: fromCents(cartItemPriceCents(item, discounts, orgDiscount, currentPlan)),
  addedTotal: item.addedTotal ?? item.total,
});

/** What the cart says under an item whose price is no longer the one it had when added. */
export const cartPriceChangeNote = (item: CartItem): string | null =>
  item.addedTotal === undefined || toCents(item.addedTotal) === toCents(item.total)
    ? null
    : `The price has changed since you added this item; it was ${formatUsdPerPeriod(
        toCents(item.addedTotal),
        item.billingCycle.displayPeriod,
      )}.`;
