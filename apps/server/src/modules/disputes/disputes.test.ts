import { BillingMode, RefundMessages } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, planId } from '../../../test/support/billing';
import { fakeStripe, type Json } from '../../../test/support/fake-stripe';
import { listenFakeStripe } from '../../../test/support/fake-stripe-listen';
import { loginOperator } from '../../../test/support/operator';
import { deliverStripeEvent, stripeEvent } from '../../../test/support/stripe-events';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ManualClock } from '../../lib/clock';
import { createCatalogService } from '../catalog';
import { createPurchaseService } from '../store';

// Card disputes in the console (docs/design.md §3): Stripe's charge.dispute.* events, sent with the
// Dispute objects the fake of Stripe's API makes as Stripe does, are listed with their bill,
// organization, reason, status and evidence deadline; a disputed charge is not refunded.

const SECRET = 'whsec_test_disputes';
const fake = fakeStripe();
const clock = new ManualClock('2026-11-18T12:00:00Z');
let t: TestApp;
let stripe: Awaited<ReturnType<typeof listenFakeStripe>>;
let op: Awaited<ReturnType<typeof loginOperator>>;
let seq = 0;

beforeAll(async () => {
  stripe = await listenFakeStripe(fake);
  t = await createTestApp({ clock, gateway: stripe.gateway, env: { STRIPE_WEBHOOK_SECRET: SECRET } });
  op = await loginOperator(t);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const deliver = (type: string, object: Json) =>
  deliverStripeEvent(t, stripeEvent(`evt_dispute_${++seq}`, type, object, clock.now()), SECRET);

/** A paid card purchase of an organization of its own: the bill and the PaymentIntent that paid it. */
async function paidBill(name: string) {
  const org = await makeOrganization(t.db, { name });
  const purchases = createPurchaseService({ ...t.deps, catalog: createCatalogService(t.deps) });
  const bought = await purchases.purchase(
    org.id,
    [
      {
        description: `${name} engines`,
        pricingPlanId: await planId(t.db, 'Pro Standard'),
        maxAdditionalMonthlyCharge: 0,
        xtraAutoTags: 0,
        numberMachines: 1,
        billingMode: BillingMode.Monthly,
      },
    ],
    { idempotencyKey: `${name}-1`, expectedTotalCents: null },
  );
  const intent = fake.intents.find((i) => i.customer === org.gatewayCustomerId)!;
  return { org, orderId: bought.orderId, intent };
}

const at = (iso: string) => new Date(iso);

describe('disputes in the console', () => {
  let first: Awaited<ReturnType<typeof paidBill>>;
  let second: Awaited<ReturnType<typeof paidBill>>;
  let fraud: Json;
  let notReceived: Json;
  let inquiry: Json;

  beforeAll(async () => {
    first = await paidBill('Chargeback One Co.');
    second = await paidBill('Chargeback Two Co.');
    fraud = fake.openDispute(String(first.intent.id), {
      reason: 'fraudulent',
      created: at('2026-11-16T09:30:00Z'),
      dueBy: at('2026-11-28T23:59:59Z'),
    });
    notReceived = fake.openDispute(String(second.intent.id), {
      reason: 'product_not_received',
      amountCents: 100_00,
      created: at('2026-11-17T10:00:00Z'),
      dueBy: at('2026-11-21T23:59:59Z'),
    });
    // An inquiry whose bank allows no answer: Stripe says due_by 0.
    inquiry = fake.openDispute(String(second.intent.id), {
      reason: 'general',
      status: 'warning_needs_response',
      created: at('2026-11-17T11:00:00Z'),
      dueBy: null,
    });
    for (const d of [fraud, notReceived, inquiry])
      expect((await deliver('charge.dispute.created', d)).statusCode).toBe(200);
  });

  it('lists open disputes with their bill and organization, the nearest evidence deadline first', async () => {
    const res = await op.get('/api/ops/disputes');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 25, total: 3 });
    expect(res.body.items.map((d: { disputeId: string }) => d.disputeId)).toEqual([
      notReceived.id,
      fraud.id,
      inquiry.id,
    ]);
    expect(res.body.items[1]).toEqual({
      disputeId: fraud.id,
      status: 'needs_response',
      open: true,
      reason: 'fraudulent',
      amount: 250,
      evidenceDueBy: '2026-11-28T23:59:59.000Z',
      openedAt: '2026-11-16T09:30:00.000Z',
      chargeId: String(first.intent.id).replace(/^pi_/, 'ch_'),
      orderId: first.orderId,
      invoiceNumber: expect.stringMatching(/^2026-\d{6}$/),
      organizationId: first.org.id,
      organizationName: 'Chargeback One Co.',
    });
    expect(res.body.items[0]).toMatchObject({ amount: 100, reason: 'product_not_received' });
    expect(res.body.items[2]).toMatchObject({ status: 'warning_needs_response', evidenceDueBy: null });
  });

  it("follows Stripe's later events: a new status and deadline, and closed ones leave the open list", async () => {
    fake.updateDispute(String(fraud.id), { status: 'under_review' });
    await deliver('charge.dispute.updated', fake.disputes.find((d) => d.id === fraud.id)!);
    const extended = fake.updateDispute(String(notReceived.id), { dueBy: at('2026-11-25T23:59:59Z') });
    await deliver('charge.dispute.updated', extended);
    await deliver(
      'charge.dispute.closed',
      fake.updateDispute(String(inquiry.id), { status: 'warning_closed' }),
    );

    const open = (await op.get('/api/ops/disputes?filter=open')).body;
    expect(open.items.map((d: { disputeId: string; status: string; evidenceDueBy: string }) => d)).toEqual([
      expect.objectContaining({
        disputeId: notReceived.id,
        status: 'needs_response',
        evidenceDueBy: '2026-11-25T23:59:59.000Z',
      }),
      expect.objectContaining({
        disputeId: fraud.id,
        status: 'under_review',
        evidenceDueBy: '2026-11-28T23:59:59.000Z',
      }),
    ]);
    const closed = (await op.get('/api/ops/disputes?filter=closed')).body;
    expect(closed.items).toEqual([
      expect.objectContaining({ disputeId: inquiry.id, status: 'warning_closed', open: false }),
    ]);
    const ofBill = (await op.get(`/api/ops/disputes?filter=all&orderId=${second.orderId}`)).body;
    expect(ofBill.items.map((d: { disputeId: string }) => d.disputeId)).toEqual([inquiry.id, notReceived.id]);
    expect((await op.get('/api/ops/disputes?filter=all&orderId=999999')).body.total).toBe(0);
  });

  it('refuses to refund a disputed charge before asking the gateway, which would refuse it too', async () => {
    const refundsBefore = fake.log.filter((l) => l.method === 'POST' && l.path === '/v1/refunds').length;
    const res = await op.post(
      `/api/ops/bills/${first.orderId}/refunds`,
      { amount: 10, reason: 'Goodwill' },
      { 'Idempotency-Key': 'disputed-1' },
    );
    const { invoiceNumber } = (await op.get(`/api/ops/bills/${first.orderId}`)).body.bill;
    expect(invoiceNumber).toMatch(/^2026-\d{6}$/);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: RefundMessages.disputed(
        { orderId: first.orderId, invoiceNumber },
        String(fraud.id),
        'Under review',
      ),
      code: 'CONFLICT',
    });
    expect(res.body.message).toBe(
      `Bill ${invoiceNumber} cannot be refunded: its charge is disputed (${fraud.id}, Under review). Answer or accept the dispute in the Stripe dashboard.`,
    );
    expect(fake.log.filter((l) => l.method === 'POST' && l.path === '/v1/refunds')).toHaveLength(
      refundsBefore,
    );
    expect((await op.get(`/api/ops/bills/${first.orderId}/refunds`)).body.items).toEqual([]);

    // Stripe itself: a charged-back charge is not refundable; one under an inquiry only is.
    const atGateway = await t.gateway.refund({
      chargeId: String(first.intent.id),
      amountCents: 10_00,
      idempotencyKey: 'direct-refund-1',
    });
    expect(atGateway).toMatchObject({
      status: 'failed',
      code: 'charge_disputed',
      message: `Charge ${String(first.intent.id).replace(/^pi_/, 'ch_')} has been charged back; cannot issue a refund.`,
    });

    // Won or lost, the dispute settled the charge: still no refund here.
    await deliver('charge.dispute.closed', fake.updateDispute(String(fraud.id), { status: 'won' }));
    const after = await op.post(
      `/api/ops/bills/${first.orderId}/refunds`,
      { amount: 10, reason: 'Goodwill' },
      { 'Idempotency-Key': 'disputed-2' },
    );
    expect(after.status).toBe(409);
    expect(after.body.message).toContain(`(${fraud.id}, Won)`);
  });

  it('is for operators only, and says what is wrong with a bad query', async () => {
    const demo = await t.loginDemo();
    expect((await demo.get('/api/ops/disputes')).status).toBe(404);
    expect((await t.client().get('/api/ops/disputes')).status).toBe(401);
    const bad = await op.get('/api/ops/disputes?filter=pending');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('filter must be open, closed or all');
    expect((await op.get('/api/ops/disputes?orderId=abc')).status).toBe(400);
  });
});
