import { BillingMode, itemPriceCents, type PricingPlan, promotionDiscountCents } from '@store/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../test/support/billing';
import { loginOperator } from '../../../test/support/operator';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import { pdfText } from '../../../test/support/pdf-text';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { orderLines, orders, organizations, promotionCodes, subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';

// A promotion code at checkout and at renewal (docs/decisions/041): redeemed atomically with the order,
// refused with the total without it (nothing charged), and taken off each renewal it still covers.

const clock = new ManualClock('2026-11-02T12:00:00Z');
let t: TestApp;
let op: Awaited<ReturnType<typeof loginOperator>>;
let plan: PricingPlan;
let fullCents: number;

const item = () => ({
  description: 'Promoted',
  pricingPlanId: plan.pricingPlanId,
  maxAdditionalMonthlyCharge: 0,
  xtraAutoTags: 0,
  numberMachines: 1,
  billingMode: BillingMode.Quarterly,
});

const makeCode = async (code: string, more: Record<string, unknown> = {}) => {
  const res = await op.post('/api/ops/promotions', {
    code,
    percentOff: 20,
    amountOff: null,
    cycles: 2,
    planIds: [],
    expiresAt: null,
    maxRedemptions: null,
    oncePerOrganization: false,
    ...more,
  });
  expect(res.status).toBe(200);
};

const buy = (api: Awaited<ReturnType<TestApp['login']>>, code: string, expectedCents: number) =>
  api.post('/api/subscription/new', [item()], {
    'X-Promotion-Code': code,
    'X-Expected-Total': String(expectedCents),
  });

const redemptions = async (code: string) =>
  (await t.db.select().from(promotionCodes).where(eq(promotionCodes.code, code)))[0]!.redemptions;
const succeededCharges = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM sandbox_charges WHERE status = 'succeeded'`,
      )
    )[0]!.n,
  );
const ordersOf = (organizationId: number) =>
  t.db.select().from(orders).where(eq(orders.organizationId, organizationId)).orderBy(orders.id);

let n = 0;
const buyer = async (paymentMethodId?: string) => {
  n += 1;
  const { org, signIn } = await organizationWithAdmin(t, `Promo Buyer ${n}`, `promo-buyer-${n}@example.com`);
  if (paymentMethodId)
    await t.db.update(organizations).set({ paymentMethodId }).where(eq(organizations.id, org.id));
  return { org, signIn, api: await signIn() };
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  op = await loginOperator(t);
  plan = (await t.client().get('/api/product/plans_for_product/Pro')).body.find(
    (p: PricingPlan) => p.planName === 'Pro Standard',
  );
  const discounts = (await t.client().get('/api/misc/billingCycleDiscounts')).body;
  fullCents = itemPriceCents(
    plan,
    { numberMachines: 1, xtraAutoTags: 0, billingMode: BillingMode.Quarterly },
    discounts,
    0,
  );
});
afterAll(() => t.close());

describe('a code at checkout and at renewal', () => {
  it('once per organization: the second checkout is refused with the total without it, nothing charged', async () => {
    const { org, api } = await buyer();
    const off = promotionDiscountCents({ percentBp: 1000, amountOffCents: null, cycles: 1 }, fullCents);
    expect((await buy(api, 'WELCOME10', fullCents - off)).status).toBe(200);
    const charges = await succeededCharges();
    const again = await buy(api, 'WELCOME10', fullCents - off);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'PROMOTION_NOT_REDEEMED',
      totalCents: fullCents,
      message: `Your organization has already used the promotion code WELCOME10. Nothing was charged. Without the code the total is $${(fullCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}; confirm again to buy at that price.`,
    });
    expect(await succeededCharges()).toBe(charges);
    expect(await ordersOf(org.id)).toHaveLength(1);
  });

  it('two checkouts at once for the last redemption: exactly one is discounted, the other is told', async () => {
    await makeCode('LASTONE', { maxRedemptions: 1 });
    const [a, b] = [await buyer(), await buyer()];
    const off = promotionDiscountCents({ percentBp: 2000, amountOffCents: null, cycles: 2 }, fullCents);
    const charges = await succeededCharges();
    const answers = await Promise.all([
      buy(a.api, 'LASTONE', fullCents - off),
      buy(b.api, 'LASTONE', fullCents - off),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const told = answers.find((r) => r.status === 409)!;
    expect(told.body.code).toBe('PROMOTION_NOT_REDEEMED');
    expect(told.body.message).toMatch(/^The promotion code LASTONE has been used up\. Nothing was charged\./);
    expect(told.body.totalCents).toBe(fullCents);
    expect(await redemptions('LASTONE')).toBe(1);
    expect(await succeededCharges()).toBe(charges + 1);
    // The refused customer confirms the total without the code: bought at full price.
    const loser = answers[0]!.status === 409 ? a : b;
    const confirmed = await loser.api.post('/api/subscription/new', [item()], {
      'X-Expected-Total': String(fullCents),
    });
    expect([confirmed.status, confirmed.body.promotion]).toEqual([200, undefined]);
  });

  it('a declined card gives the redemption back', async () => {
    await makeCode('ONEFORALL', { maxRedemptions: 1, oncePerOrganization: true });
    const { org, api } = await buyer('pm_card_chargeDeclined');
    const off = promotionDiscountCents({ percentBp: 2000, amountOffCents: null, cycles: 2 }, fullCents);
    expect((await buy(api, 'ONEFORALL', fullCents - off)).status).toBe(402);
    expect(await redemptions('ONEFORALL')).toBe(0);
    await t.db
      .update(organizations)
      .set({ paymentMethodId: 'pm_card_visa' })
      .where(eq(organizations.id, org.id));
    const paid = await buy(api, 'ONEFORALL', fullCents - off);
    expect([paid.status, paid.body.promotion?.code]).toEqual([200, 'ONEFORALL']);
    expect(await redemptions('ONEFORALL')).toBe(1);
  });

  it('discounts the first cycle and the renewals it covers, then charges full price, never twice', async () => {
    await makeCode('TWOCYCLES');
    const { org, api, signIn } = await buyer();
    const off = promotionDiscountCents({ percentBp: 2000, amountOffCents: null, cycles: 2 }, fullCents);
    const res = await buy(api, 'twocycles', fullCents - off);
    expect(res.status).toBe(200);
    expect(res.body.total * 100).toBeCloseTo(fullCents - off);
    expect(res.body.promotion).toEqual({
      code: 'TWOCYCLES',
      description: '20% off each of the first 2 cycles',
      discount: off / 100,
      discountCents: off,
    });
    expect(await redemptions('TWOCYCLES')).toBe(1);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, res.body.orderId));
    expect(line).toMatchObject({
      promotionCode: 'TWOCYCLES',
      promotionCents: off,
      amountCents: fullCents - off,
    });
    const subId = res.body.subscriptions[0].subscriptionId;
    // The Subscriptions screen reads the code and the discounted cycles still to come.
    expect((await api.get(`/api/subscription/${subId}`)).body.promotion).toEqual({
      code: 'TWOCYCLES',
      description: '20% off each of the first 2 cycles',
      percentBp: 2000,
      amountOffCents: null,
      cyclesLeft: 1,
    });

    // Cycle 2: still discounted. Cycle 3: full price. A second run at the same moment bills nothing more.
    const renewalTotals: number[] = [];
    for (const at of ['2027-02-02T13:00:00Z', '2027-05-02T13:00:00Z']) {
      clock.set(at);
      await runBillingCycle({ db: t.db, clock, gateway: t.gateway });
      await runBillingCycle({ db: t.db, clock, gateway: t.gateway });
      const bills = (await ordersOf(org.id)).filter((o) => o.kind === 'renewal');
      renewalTotals.push(...bills.slice(renewalTotals.length).map((b) => b.totalCents));
    }
    expect(renewalTotals).toEqual([fullCents - off, fullCents]);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub!.promotionCyclesUsed).toBe(2);
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.subscriptionId, subId), eq(orderLines.promotionCode, 'TWOCYCLES')));
    expect(lines).toHaveLength(2);
    const fresh = await signIn();
    expect((await fresh.get(`/api/subscription/${subId}`)).body.promotion.cyclesLeft).toBe(0);
    // The invoice shows the code as a line of its own (signed in afresh: months have passed).
    const pdf = await fresh.get(`/api/order/invoice/${res.body.orderId}`, {
      accept: 'application/pdf',
    });
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.raw.rawPayload)).toContain('Promotion TWOCYCLES');
  });
});
