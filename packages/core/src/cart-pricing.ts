import { type BillingCycleDiscounts, billingCycle } from './billing-cycle';
import { formatUsdPerPeriod, fromCents, toCents } from './money';
import type { CartItem, PricingPlan } from './schemas';
import { cartItemPriceCents } from './store';

/**
 * A stored cart item priced again (docs/spec.md §6): with the plan as the catalogue has it now, today's
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
  addedOrgDiscount: item.addedOrgDiscount ?? (item.addedTotal === undefined ? item.orgDiscount : 0),
});

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/**
 * What the cart says under an item (priced by repriceCartItem) whose price is no longer the one it
 * had when added. Signing in applies the organization's own discount: that is said as such, not as
 * a change of price; a plan or cycle discount that changed since is the warning.
 */
export const cartPriceChangeNote = (item: CartItem, discounts: BillingCycleDiscounts): string | null => {
  if (item.addedTotal === undefined || toCents(item.addedTotal) === toCents(item.total)) return null;
  const was = formatUsdPerPeriod(toCents(item.addedTotal), item.billingCycle.displayPeriod);
  const addedDiscount = item.addedOrgDiscount ?? 0;
  const onlyTheDiscount = cartItemPriceCents(item, discounts, addedDiscount) === toCents(item.addedTotal);
  if (onlyTheDiscount && item.orgDiscount > addedDiscount)
    return `Your organization's ${percent(item.orgDiscount)} discount was applied; it was ${was} when you added this item.`;
  if (onlyTheDiscount)
    return `Priced without the organization's discount it was added with; it was ${was} when you added this item.`;
  return `The price has changed since you added this item; it was ${was}.`;
};
