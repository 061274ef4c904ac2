import { BillingMode, BillStatus, PaymentMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { billingInfoBody } from '../../../test/support/fixture-address';
import {
  type Client,
  succeededCharges as countSucceeded,
  customer as makeCustomer,
  sandboxChallenge,
} from '../../../test/support/payment-customers';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders, organizations } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import type { BillingDeps } from '../billing/billing-engine';
import { settlePendingPurchases } from '../store/purchase-settling';

// 3-D Secure (docs/decisions/024) through the API, with the sandbox behaving as Stripe's test cards:
// 4000 0027 6000 3184 (pm_card_authenticationRequired) asks on every charge; 4000 0025 0000 3155
// (pm_card_authenticationRequiredOnSetup) asks unless set up for off-session use. A charge that asks
// keeps its order pending until the browser says the challenge ended; the gateway then says what
// became of it. The sandbox's challenge is POST /api/sandbox/authentication.

const clock = new ManualClock('2026-03-01T12:00:00Z');
let t: TestApp;
let deps: BillingDeps;
let proPlanId: number;
const customer = (name: string, pm: string) => makeCustomer(t, name, pm);
const succeededCharges = () => countSucceeded(t);

/** A customer whose monthly subscription came up for renewal; its renewal bill, once the engine ran. */
async function renewed(name: string, pm: string) {
  const c = await customer(name, pm);
  await makeSubscription(t.db, {
    organizationId: c.id,
    pricingPlanId: proPlanId,
    description: 'Monthly Engine',
    billingMode: BillingMode.Monthly,
    numberMachines: 1,
    purchasedAt: new Date(clock.now().getTime() - 31 * 86_400_000),
  });
  await runBillingCycle(deps);
  const [bill] = await t.db.select().from(orders).where(eq(orders.organizationId, c.id));
  return { ...c, bill: bill! };
}

const pressItem = () => ({
  description: 'Press',
  pricingPlanId: proPlanId,
  maxAdditionalMonthlyCharge: 0,
  xtraAutoTags: 0,
  numberMachines: 1,
  billingMode: BillingMode.Annually,
});
const buy = (admin: Client) => admin.post('/api/subscription/new', [pressItem()]);

const subscriptionsOf = async (admin: Client) => (await admin.get('/api/subscription/all')).body as unknown[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  deps = { db: t.db, clock, gateway: t.gateway, publicUrl: 'https://store.test' };
  proPlanId = await planId(t.db, 'Pro Standard');
});
afterAll(() => t.close());

describe('saving billing information', () => {
  it("refuses Stripe's declining test card as Stripe's set-up does, and keeps the card on file", async () => {
    const { id, admin } = await customer('Setup Declined Co', 'pm_card_visa');
    const res = await admin.put(
      '/api/organization/billing_info',
      billingInfoBody({
        company: '',
        sourceId: 'pm_card_chargeDeclined',
        expireYear: 2034,
        lastFour: '0002',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Your card was declined.', code: 'GATEWAY' });
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, id));
    expect(org!.paymentMethodId).toBe('pm_card_visa');
  });
});

describe('checkout with a card whose bank asks for authentication (4000 0027 6000 3184)', () => {
  it('keeps the order pending, and once the challenge is completed the order is paid and the subscription made', async () => {
    const { admin } = await customer('Completes Co', 'pm_card_authenticationRequired');
    const charged = await succeededCharges();
    const asked = await buy(admin);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: BillStatus.ChargePending, subscriptions: [] });
    expect(asked.body.authentication).toMatchObject({ provider: 'sandbox', orderId: asked.body.orderId });
    expect(await subscriptionsOf(admin)).toEqual([]);

    expect((await sandboxChallenge(admin, asked.body.authentication.clientSecret, 'complete')).status).toBe(
      200,
    );
    const done = await admin.post(`/api/order/${asked.body.orderId}/authenticated`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      orderId: asked.body.orderId,
      status: BillStatus.ChargePaid,
      paid: true,
    });
    expect(await subscriptionsOf(admin)).toHaveLength(1);
    expect(await succeededCharges()).toBe(charged + 1);
    // Told twice (a reload), nothing more happens.
    expect((await admin.post(`/api/order/${asked.body.orderId}/authenticated`)).body.paid).toBe(true);
    expect(await subscriptionsOf(admin)).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key is shown the same challenge; one order, one charge', async () => {
    const { admin } = await customer('Retries Co', 'pm_card_authenticationRequired');
    const headers = { 'Idempotency-Key': 'three-d-secure-retry' };
    const first = await admin.post('/api/subscription/new', [pressItem()], headers);
    const retry = await admin.post('/api/subscription/new', [pressItem()], headers);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it('a failed challenge ends like a decline, in the bank’s words: nothing charged, no subscription', async () => {
    const { admin } = await customer('Fails Co', 'pm_card_authenticationRequired');
    const charged = await succeededCharges();
    const asked = await buy(admin);
    await sandboxChallenge(admin, asked.body.authentication.clientSecret, 'fail');
    const done = await admin.post(`/api/order/${asked.body.orderId}/authenticated`);
    expect(done.status).toBe(402);
    expect(done.body).toMatchObject({ message: PaymentMessages.authenticationFailed, code: 'CARD_DECLINED' });
    expect(await subscriptionsOf(admin)).toEqual([]);
    expect(await succeededCharges()).toBe(charged);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, asked.body.orderId));
    expect(order!.status).toBe(BillStatus.UnPaid);
  });

  it('a closed challenge is cancelled at the gateway: nothing charged, and it can no longer be completed', async () => {
    const { admin } = await customer('Closes Co', 'pm_card_authenticationRequired');
    const asked = await buy(admin);
    const done = await admin.post(`/api/order/${asked.body.orderId}/authenticated`);
    expect(done.status).toBe(402);
    expect(done.body.message).toBe(PaymentMessages.abandoned);
    const late = await sandboxChallenge(admin, asked.body.authentication.clientSecret, 'complete');
    expect(late.status).toBe(400);
    expect(await subscriptionsOf(admin)).toEqual([]);
  });

  it('a challenge never ended (the page left) is given up by the settle job after 15 minutes', async () => {
    const { admin } = await customer('Leaves Co', 'pm_card_authenticationRequired');
    const charged = await succeededCharges();
    const asked = await buy(admin);
    clock.advanceMs(5 * 60_000);
    await settlePendingPurchases(t.deps);
    let [order] = await t.db.select().from(orders).where(eq(orders.id, asked.body.orderId));
    expect(order!.status).toBe(BillStatus.ChargePending);
    clock.advanceMs(11 * 60_000);
    await settlePendingPurchases(t.deps);
    [order] = await t.db.select().from(orders).where(eq(orders.id, asked.body.orderId));
    expect(order).toMatchObject({ status: BillStatus.UnPaid, failureMessage: PaymentMessages.abandoned });
    expect((await sandboxChallenge(admin, asked.body.authentication.clientSecret, 'complete')).status).toBe(
      400,
    );
    expect(await succeededCharges()).toBe(charged);
    expect(await subscriptionsOf(admin)).toEqual([]);
  });
});

describe('4000 0025 0000 3155: asks unless the card was set up for off-session use', () => {
  it('asks at checkout (the customer present)', async () => {
    const { admin } = await customer('Setup Card Co', 'pm_card_authenticationRequiredOnSetup');
    const asked = await buy(admin);
    expect(asked.body.authentication).toMatchObject({ provider: 'sandbox' });
  });

  it('renews off-session without asking, the card having been set up as billing information', async () => {
    const { email, bill } = await renewed('Setup Renewal Co', 'pm_card_authenticationRequiredOnSetup');
    expect(bill.status).toBe(BillStatus.ChargePaid);
    await t.flushMail();
    expect(t.mailer.sent.filter((m) => m.to === email).map((m) => m.subject)).not.toContainEqual(
      expect.stringMatching(/authenticate|failed/),
    );
  });
});

describe('a renewal whose bank asks for authentication (4000 0027 6000 3184)', () => {
  it('mails the admins a link to Pay Bills, where the bill is paid after the challenge', async () => {
    const { admin, email, bill } = await renewed('Renewal Auth Co', 'pm_card_authenticationRequired');
    expect(bill.status).toBe(BillStatus.ChargePastDue);
    await t.flushMail();
    // Not paid yet, the bill has no invoice number: it is named by its order.
    const mail = t.mailer.sent.find((m) => m.to === email && m.subject.endsWith(` order ${bill.id}`));
    expect(mail?.subject).toBe(`Please authenticate the payment of order ${bill.id}`);
    expect(mail?.text).toContain('https://store.test/PayBills');

    const open = await admin.get('/api/order/open');
    expect(open.body).toEqual([
      expect.objectContaining({
        orderId: bill.id,
        invoiceNumber: null,
        status: BillStatus.ChargePastDue,
        failureMessage: PaymentMessages.authenticationRequired,
        inProgress: false,
      }),
    ]);
    const charged = await succeededCharges();
    const paying = await admin.post(`/api/order/${bill.id}/pay`);
    expect(paying.status).toBe(200);
    expect(paying.body).toMatchObject({
      paid: false,
      authentication: { provider: 'sandbox', orderId: bill.id },
    });
    // While the customer authenticates, Pay waits and the engine leaves the bill alone.
    expect((await admin.post(`/api/order/${bill.id}/pay`)).status).toBe(409);
    await runBillingCycle(deps);
    expect(await succeededCharges()).toBe(charged);

    await sandboxChallenge(admin, paying.body.authentication.clientSecret, 'complete');
    const done = await admin.post(`/api/order/${bill.id}/authenticated`);
    expect(done.body).toEqual({
      orderId: bill.id,
      status: BillStatus.ChargePaid,
      paid: true,
      totalCents: bill.totalCents,
    });
    expect(await succeededCharges()).toBe(charged + 1);
    expect((await admin.get('/api/order/open')).body).toEqual([]);
    const history = (await admin.get('/api/order/history')).body as { orderId: number; status: number }[];
    expect(history.find((b) => b.orderId === bill.id)?.status).toBe(BillStatus.ChargePaid);
    await t.flushMail();
    expect(t.mailer.sent.some((m) => m.to === email && /receipt|paid/i.test(m.subject))).toBe(true);
  });

  it('a Pay whose challenge is never ended is cancelled by the engine once its 15 minutes are up', async () => {
    const { admin, bill } = await renewed('Renewal Leaves Co', 'pm_card_authenticationRequired');
    const paying = await admin.post(`/api/order/${bill.id}/pay`);
    clock.advanceMs(16 * 60_000);
    await runBillingCycle(deps);
    expect((await sandboxChallenge(admin, paying.body.authentication.clientSecret, 'complete')).status).toBe(
      400,
    );
    const open = (await admin.get('/api/order/open')).body;
    expect(open).toEqual([expect.objectContaining({ orderId: bill.id, inProgress: false })]);
  });

  it("refuses another organization's bill (404) and a paid one (409)", async () => {
    const { admin, id: ownId } = await customer('Stranger Co', 'pm_card_visa');
    const { id } = await customer('Owner Co', 'pm_card_visa');
    const bill = (organizationId: number, status: number) => ({
      organizationId,
      kind: 'renewal',
      status,
      totalCents: 1000,
      billingDate: clock.now(),
    });
    const [other, paid] = await t.db
      .insert(orders)
      .values([bill(id, BillStatus.ChargePastDue), bill(ownId, BillStatus.ChargePaid)])
      .returning();
    expect((await admin.post(`/api/order/${other!.id}/pay`)).status).toBe(404);
    expect((await admin.post(`/api/order/${other!.id}/authenticated`)).status).toBe(404);
    const again = await admin.post(`/api/order/${paid!.id}/pay`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: PaymentMessages.notPayable, code: 'NOT_PAYABLE' });
  });
});
