import { BillingMode, BillStatus, PaymentMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscription, planId } from '../../../test/support/billing';
import {
  type Client,
  customer,
  sandboxChallenge,
  succeededCharges,
} from '../../../test/support/payment-customers';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders } from '../../db/schema';
import { ManualClock } from '../../lib/clock';

// 3-D Secure for the editor's prorated charge (docs/decisions/024): an increase whose charge the bank
// asks the customer to authenticate applies once the challenge is completed and the gateway says
// the charge was paid; failed or abandoned, nothing changes and nothing is charged.

const clock = new ManualClock('2026-03-01T12:00:00Z');
let t: TestApp;
let proPlanId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  proPlanId = await planId(t.db, 'Pro Standard');
});
afterAll(() => t.close());

/** A customer with an annual Pro subscription of one engine, bought ten days ago. */
async function withSubscription(name: string) {
  const c = await customer(t, name, 'pm_card_authenticationRequired');
  const sub = await makeSubscription(t.db, {
    organizationId: c.id,
    pricingPlanId: proPlanId,
    description: 'Engines',
    billingMode: BillingMode.Annually,
    numberMachines: 1,
    purchasedAt: new Date(clock.now().getTime() - 10 * 86_400_000),
  });
  return { ...c, subscriptionId: sub.id };
}

const moreEngines = (admin: Client, subscriptionId: number) =>
  admin.put(`/api/subscription/${subscriptionId}`, {
    description: 'Engines',
    pricingPlanId: proPlanId,
    maxAdditionalMonthlyCharge: 0,
    xtraAutoTags: 0,
    numberMachines: 3,
    version: 1,
  });

describe("the editor's prorated charge with 4000 0027 6000 3184", () => {
  it('applies the change once the challenge is completed', async () => {
    const { admin, subscriptionId } = await withSubscription('Editor Completes Co');
    const charged = await succeededCharges(t);
    const asked = await moreEngines(admin, subscriptionId);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ chargedCents: 0, authentication: { provider: 'sandbox' } });
    expect(asked.body.subscription.numberMachines).toBe(1);

    await sandboxChallenge(admin, asked.body.authentication.clientSecret, 'complete');
    const done = await admin.post(`/api/order/${asked.body.orderId}/authenticated`);
    expect(done.body).toMatchObject({ paid: true, status: BillStatus.ChargePaid });
    expect(done.body.totalCents).toBeGreaterThan(0);
    expect((await admin.get(`/api/subscription/${subscriptionId}`)).body.numberMachines).toBe(3);
    expect(await succeededCharges(t)).toBe(charged + 1);
  });

  it('changes nothing when the challenge fails, and the editor can save again', async () => {
    const { admin, subscriptionId } = await withSubscription('Editor Fails Co');
    const charged = await succeededCharges(t);
    const asked = await moreEngines(admin, subscriptionId);
    await sandboxChallenge(admin, asked.body.authentication.clientSecret, 'fail');
    const done = await admin.post(`/api/order/${asked.body.orderId}/authenticated`);
    expect(done.status).toBe(402);
    expect(done.body.message).toBe(PaymentMessages.authenticationFailed);
    const after = (await admin.get(`/api/subscription/${subscriptionId}`)).body;
    expect(after).toMatchObject({ numberMachines: 1, version: 1 });
    expect(await succeededCharges(t)).toBe(charged);
    const [bill] = await t.db.select().from(orders).where(eq(orders.id, asked.body.orderId));
    expect(bill!.status).toBe(BillStatus.UnPaid);
    // The version read is current again: the same save asks again.
    expect((await moreEngines(admin, subscriptionId)).body.authentication).toBeDefined();
  });
});
