import { describe, expect, it } from 'vitest';
import { sampleCartItem, samplePlan } from '../test/support/samples';
import { billingCycle } from './billing-cycle';
import { cartPriceChangeNote, repriceCartItem } from './cart-pricing';
import type { CartItem } from './schemas';

// The cart priced again whenever the organization or the catalogue changes (docs/spec.md §6).

const noCycleDiscounts = { yearlyDiscount: 0, quarterlyDiscount: 0, monthlyDiscount: 0 };
// Pro Level 1, one engine, annual: $100 × 12 = $1,200.00 a year, as added by a visitor.
const added: CartItem = {
  ...sampleCartItem,
  billingCycle: billingCycle(3, noCycleDiscounts),
  orgDiscount: 0,
  total: 1200,
};

describe('repriceCartItem', () => {
  it('applies the organization’s discount once signed in, and keeps the price it was added at', () => {
    const signedIn = repriceCartItem(added, noCycleDiscounts, 0.05);
    expect(signedIn).toMatchObject({ total: 1140, orgDiscount: 0.05, addedTotal: 1200, addedOrgDiscount: 0 });
    expect(cartPriceChangeNote(signedIn, noCycleDiscounts)).toBe(
      "Your organization's 5% discount was applied; it was $1,200.00 / year when you added this item.",
    );
  });

  it('warns of a real change of price, with or without the organization’s discount', () => {
    const dearer = { ...samplePlan, monthlyFee: 110 };
    const signedIn = repriceCartItem(added, noCycleDiscounts, 0.05, dearer);
    expect(cartPriceChangeNote(signedIn, noCycleDiscounts)).toBe(
      'The price has changed since you added this item; it was $1,200.00 / year.',
    );
    const lessCycleDiscount = repriceCartItem(added, { ...noCycleDiscounts, yearlyDiscount: 0.1 }, 0);
    expect(cartPriceChangeNote(lessCycleDiscount, { ...noCycleDiscounts, yearlyDiscount: 0.1 })).toBe(
      'The price has changed since you added this item; it was $1,200.00 / year.',
    );
  });

  it('says that an item added with the discount is priced without it once signed out', () => {
    const addedSignedIn = repriceCartItem(
      { ...added, orgDiscount: 0.05, total: 1140 },
      noCycleDiscounts,
      0.05,
    );
    const signedOut = repriceCartItem(addedSignedIn, noCycleDiscounts, 0);
    expect(cartPriceChangeNote(signedOut, noCycleDiscounts)).toBe(
      "Priced without the organization's discount it was added with; it was $1,140.00 / year when you added this item.",
    );
  });

  it('takes the discount away again when signed out, and says nothing once the price is back', () => {
    const signedOut = repriceCartItem(repriceCartItem(added, noCycleDiscounts, 0.05), noCycleDiscounts, 0);
    expect(signedOut).toMatchObject({ total: 1200, orgDiscount: 0, addedTotal: 1200 });
    expect(cartPriceChangeNote(signedOut, noCycleDiscounts)).toBeNull();
  });

  it('prices another organization with its own discount', () => {
    const first = repriceCartItem(added, noCycleDiscounts, 0.05);
    expect(repriceCartItem(first, noCycleDiscounts, 0.1).total).toBe(1080);
  });

  it('reads the plan as the catalogue has it now, and today’s cycle discount', () => {
    const dearer = { ...samplePlan, monthlyFee: 110 };
    const repriced = repriceCartItem(added, { ...noCycleDiscounts, yearlyDiscount: 0.1 }, 0, dearer);
    // $110 × 12 less 10 % = $1,188.00.
    expect(repriced).toMatchObject({ total: 1188, pricingPlan: dearer, addedTotal: 1200 });
    expect(repriced.billingCycle.billingModeDiscount).toBe(0.1);
  });

  it('says nothing for an item stored before prices were remembered', () => {
    expect(cartPriceChangeNote(added, noCycleDiscounts)).toBeNull();
  });
});
