import {
  BillingMode,
  billingCycle,
  cartItemFromForm,
  cartItemPriceCents,
  fractionToBp,
  type PricingPlan,
  productFormTotalCents,
  purchaseItemFromCart,
  toCents,
} from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutTrials } from '../../../test/support/billing';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orderLines, orders, organizations } from '../../db/schema';

// The product form's total, the cart line, the checkout total and the server's charge
// come from one function; here all four are computed for every plan of the demo catalogue, every cycle
// and several organization discounts, and must agree to the cent.

let t: TestApp;
let plans: PricingPlan[];
beforeAll(async () => {
  t = await createTestApp();
  await withoutTrials(t.db);
  const products = (await t.client().get('/api/product/all')).body as Product[];
  plans = [];
  for (const p of products)
    plans.push(...(await t.client().get(`/api/product/plans_for_product/${p.productName}`)).body);
});
afterAll(() => t.close());

type Product = { productName: string };

describe('one price everywhere', () => {
  it.each([0, 0.05, 0.125, 0.333])(
    'organization discount %s: form = cart = checkout = charge, for every plan and cycle',
    async (orgDiscount) => {
      expect(plans.length).toBeGreaterThanOrEqual(16);
      const api = await t.loginDemo();
      await t.db
        .update(organizations)
        .set({ discountBp: fractionToBp(orgDiscount) })
        .where(eq(organizations.id, api.organization.organizationId));
      const discounts = (await t.client().get('/api/misc/billingCycleDiscounts')).body;

      for (const mode of [BillingMode.Annually, BillingMode.Quarterly, BillingMode.Monthly]) {
        const formTotals: number[] = [];
        const cart = plans.map((plan, i) => {
          const form = {
            subname: `${plan.planName} ${mode}`,
            selectedPricingPlan: plan,
            billingCycle: billingCycle(mode, discounts),
            maxOverages: 10,
            extraDesigners: plan.allowXtraAutoTag ? (i % 3) + 1 : 0,
            numberOfMachines: plan.product & 1 ? (i % 4) + 1 : 0,
          };
          formTotals.push(productFormTotalCents(form, discounts, orgDiscount)!);
          return cartItemFromForm(form, { id: `item-${i}`, discounts, orgDiscount });
        });
        const cartLines = cart.map((item) => toCents(item.total));
        const checkoutLines = cart.map((item) => cartItemPriceCents(item, discounts, orgDiscount));
        const checkoutTotal = checkoutLines.reduce((a, b) => a + b, 0);

        const res = await api.post('/api/subscription/new', cart.map(purchaseItemFromCart), {
          'Idempotency-Key': `agree-${orgDiscount}-${mode}`,
          'X-Expected-Total': String(checkoutTotal),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const [order] = await t.db.select().from(orders).where(eq(orders.id, res.body.orderId));
        const charged = (
          await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(orderLines.id)
        ).map((l) => l.amountCents);

        expect(cartLines).toEqual(formTotals);
        expect(checkoutLines).toEqual(formTotals);
        expect(charged).toEqual(formTotals);
        expect(order!.totalCents).toBe(checkoutTotal);
        expect(res.body.total).toBe(checkoutTotal / 100);
      }
    },
  );
});
