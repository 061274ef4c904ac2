import { BillStatus, billRowStatusText } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeOrganization,
  makeSubscriber,
  reportsCartItem,
  runBillingCycle,
  withoutTrials,
} from '../../../test/support/billing';
import { fakeStripe, type Json } from '../../../test/support/fake-stripe';
import { listenFakeStripe } from '../../../test/support/fake-stripe-listen';
import { loginOperator } from '../../../test/support/operator';
import { deliverStripeEvent, stripeEvent } from '../../../test/support/stripe-events';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { organizations } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { listBills } from '../billing/bill-history.repository';
import { reconcile } from '../billing/reconcile';
import { findById } from '../bills/bills.repository';
import { createCatalogService } from '../catalog';
import { disputesOfBill } from '../disputes/disputes.repository';
import { createPurchaseService } from '../store/purchase.service';
import { BAD_SIGNATURE } from './stripe-webhook.routes';

// POST /api/stripe/webhook (decision 018), with events signed the way Stripe signs them: a bad
// signature is refused, a replayed event is handled once, and each event type has its effect.

const SECRET = 'whsec_test_webhook_secret';
const fake = fakeStripe();
const clock = new ManualClock('2026-06-01T12:00:00Z');
let t: TestApp;
let stripe: Awaited<ReturnType<typeof listenFakeStripe>>;
let seq = 0;

beforeAll(async () => {
  stripe = await listenFakeStripe(fake);
  t = await createTestApp({
    clock,
    gateway: stripe.gateway,
    env: { STRIPE_WEBHOOK_SECRET: SECRET, OPERATOR_ALERT_EMAIL: 'operator@store.test' },
  });
  await withoutTrials(t.db);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const event = (type: string, object: Json, id = `evt_${++seq}`) => stripeEvent(id, type, object, new Date());

const deliver = (body: object, secret = SECRET) => deliverStripeEvent(t, body, secret);

/** A checkout whose charge is still processing: the order stays pending; answers it and its intent. */
async function pendingPurchase(name: string) {
  const org = await makeOrganization(t.db, { name, paymentMethodId: 'pm_processing' });
  await expect(
    createPurchaseService({ ...t.deps, catalog: createCatalogService(t.deps) }).purchase(
      org.id,
      [await reportsCartItem(t.db)],
      {
        idempotencyKey: `${name}-1`,
        expectedTotalCents: null,
      },
    ),
  ).rejects.toMatchObject({ statusCode: 502 });
  const intent = fake.intents.find((i) => i.customer === org.gatewayCustomerId)!;
  const orderId = Number(String(intent.description).match(/Order (\d+)/)?.[1]);
  return { org, intent, orderId };
}

describe('the Stripe webhook', () => {
  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const body = event('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent', metadata: {} });
    const forged = await deliver(body, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: BAD_SIGNATURE, code: 'BAD_REQUEST' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const rows = await queryRows(t.db, sql`SELECT id FROM stripe_events WHERE id = ${body.id}`);
    expect(rows).toEqual([]);
  });

  it('takes the raw body on its own route only: every other route still reads JSON', async () => {
    const res = await t
      .client()
      .post('/api/authenticate', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(res.body).toMatchObject({ success: false });
  });

  it('completes a pending purchase at once on payment_intent.succeeded, once when replayed', async () => {
    const { intent, orderId } = await pendingPurchase('Webhook Paid Co.');
    intent.status = 'succeeded';
    const body = event('payment_intent.succeeded', intent);
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const order = await findById(t.db, orderId);
    expect(order!.status).toBe(BillStatus.ChargePaid);
    expect((await deliver(body)).json()).toEqual({ received: true, duplicate: true });
    const [recorded] = await queryRows<{ deliveries: number; outcome: string }>(
      t.db,
      sql`SELECT deliveries, outcome FROM stripe_events WHERE id = ${body.id}`,
    );
    expect(recorded).toEqual({ deliveries: 2, outcome: 'settled: paid' });
    await t.flushMail();
    expect(order!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(
      t.mailer.sent.filter((m) => m.subject === `Receipt for bill ${order!.invoiceNumber}`),
    ).toHaveLength(1);
  });

  it('voids a pending purchase on payment_intent.payment_failed with the card message', async () => {
    const { intent, orderId } = await pendingPurchase('Webhook Declined Co.');
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
    expect((await deliver(event('payment_intent.payment_failed', intent))).statusCode).toBe(200);
    const order = await findById(t.db, orderId);
    expect(order!.status).toBe(BillStatus.UnPaid);
    expect(order!.failureMessage).toBe('Your card was declined.');
  });

  it('settles an open renewal attempt at once on payment_intent.succeeded', async () => {
    const { org } = await makeSubscriber(
      t.db,
      { name: 'Webhook Renewal Co.', paymentMethodId: 'pm_processing' },
      {
        plan: 'Pro Standard',
        description: 'Renewing',
        numberMachines: 1,
        purchasedAt: '2026-05-01T10:00:00Z',
      },
    );
    await runBillingCycle({ db: t.db, clock, gateway: t.gateway });
    const intent = fake.intents.find((i) => i.customer === org.gatewayCustomerId)!;
    // The charge names the bill as it stands before it is paid: by its order.
    const orderId = Number(String(intent.description).match(/^Renewal order (\d+)$/)?.[1]);
    expect((await findById(t.db, orderId))!.status).toBe(BillStatus.ChargePending);
    intent.status = 'succeeded';
    expect((await deliver(event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect((await findById(t.db, orderId))!.status).toBe(BillStatus.ChargePaid);
  });

  it('records a dispute beside the bill and mails the operator once', async () => {
    const { intent, orderId } = await pendingPurchase('Webhook Dispute Co.');
    intent.status = 'succeeded';
    await deliver(event('payment_intent.succeeded', intent));
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      amount: 1234,
      charge: 'ch_1',
      payment_intent: intent.id,
      reason: 'fraudulent',
      status: 'needs_response',
    };
    const created = event('charge.dispute.created', dispute);
    await deliver(created);
    await deliver(event('charge.dispute.created', dispute));
    expect(await disputesOfBill(t.db, orderId)).toEqual([
      { id: 'dp_1', amount_cents: 1234, reason: 'fraudulent', status: 'needs_response' },
    ]);
    await t.flushMail();
    const alerts = t.mailer.sent.filter((m) => m.to === 'operator@store.test');
    const paid = (await findById(t.db, orderId))!;
    expect(paid.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    const [recorded] = await queryRows<{ outcome: string }>(
      t.db,
      sql`SELECT outcome FROM stripe_events WHERE id = ${created.id}`,
    );
    expect(recorded!.outcome).toBe(`dispute recorded beside bill ${paid.invoiceNumber}`);
    expect(alerts.map((m) => m.subject)).toEqual([
      `Dispute opened: $12.34 on bill ${paid.invoiceNumber} of organization ${paid.organizationId}`,
    ]);

    // Open, reconcile names it for the operator; once Stripe closes it, it is no longer a difference.
    const openLine = `Dispute dp_1 on bill ${paid.invoiceNumber} ($12.34, fraudulent) is 'needs_response': answer it in Stripe's dashboard.`;
    const differences = () => reconcile(t.db, t.gateway, { since: null, now: clock.now() });
    expect(await differences()).toContain(openLine);
    await deliver(event('charge.dispute.closed', { ...dispute, status: 'won' }));
    expect(await disputesOfBill(t.db, orderId)).toEqual([
      { id: 'dp_1', amount_cents: 1234, reason: 'fraudulent', status: 'won' },
    ]);
    expect((await differences()).filter((d) => d.startsWith('Dispute dp_1'))).toEqual([]);
  });

  it('keeps the card on file as the card network updated it', async () => {
    const org = await makeOrganization(t.db, {
      name: 'Webhook Card Co.',
      paymentMethodId: 'pm_updated_card',
    });
    const method = {
      id: 'pm_updated_card',
      object: 'payment_method',
      type: 'card',
      card: { brand: 'mastercard', last4: '4444', exp_month: 9, exp_year: 2031 },
    };
    await deliver(event('payment_method.automatically_updated', method));
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect([row!.cardBrand, row!.cardLastFour, row!.cardExpMonth, row!.cardExpYear]).toEqual([
      'mastercard',
      '4444',
      9,
      2031,
    ]);
  });

  /** A card bill paid through its PaymentIntent; answers it, its intent and the organization. */
  async function paidPurchase(name: string) {
    const bought = await pendingPurchase(name);
    bought.intent.status = 'succeeded';
    await deliver(event('payment_intent.succeeded', bought.intent));
    return bought;
  }

  const chargeRefunded = (intent: Json, refunds: Json[]) =>
    event('charge.refunded', {
      id: String(intent.id).replace(/^pi_/, 'ch_'),
      object: 'charge',
      payment_intent: intent.id,
      amount_refunded: refunds.reduce((sum, r) => sum + Number(r.amount), 0),
      refunds: { object: 'list', data: refunds, has_more: false },
    });

  const dashboardRefund = (id: string, amount: number) => ({
    id,
    object: 'refund',
    amount,
    status: 'succeeded',
    metadata: {},
    created: Math.floor(Date.now() / 1000),
  });

  const refundRowsOf = (orderId: number) =>
    queryRows<{ amount_cents: number; reason: string; gateway_refund_id: string }>(
      t.db,
      sql`SELECT amount_cents, reason, gateway_refund_id FROM refunds WHERE order_id = ${orderId} ORDER BY id`,
    );

  it("records a refund made in Stripe's dashboard as a credit note in Billing History, once", async () => {
    const { org, intent, orderId } = await paidPurchase('Webhook Dashboard Refund Co.');
    const body = chargeRefunded(intent, [dashboardRefund('re_dash_1', 1234)]);
    expect((await deliver(body)).statusCode).toBe(200);
    const history = await listBills(t.db, org.id);
    const note = history.find((row) => row.creditNoteNumber);
    expect(note).toMatchObject({
      orderId,
      total: -12.34,
      creditNoteNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
    });
    expect(billRowStatusText(note!)).toBe('Credit Note');
    // The same event again, and a later event listing the same refund: still one credit note.
    expect((await deliver(body)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(chargeRefunded(intent, [dashboardRefund('re_dash_1', 1234)]))).statusCode).toBe(
      200,
    );
    expect(await refundRowsOf(orderId)).toEqual([
      { amount_cents: 1234, reason: "Refunded in Stripe's dashboard", gateway_refund_id: 're_dash_1' },
    ]);
    expect((await listBills(t.db, org.id)).filter((row) => row.creditNoteNumber)).toHaveLength(1);
  });

  it('asks Stripe for the refunds when the event does not list them (API versions from 2022-11-15)', async () => {
    const { org, intent, orderId } = await paidPurchase('Webhook Unexpanded Refund Co.');
    // Made in the dashboard: Stripe holds it, with none of the store's metadata.
    fake.refunds.push({ ...dashboardRefund('re_dash_unlisted', 700), payment_intent: intent.id });
    const { refunds: _unexpanded, ...charge } = chargeRefunded(intent, []).data.object as Json;
    expect((await deliver(event('charge.refunded', charge))).statusCode).toBe(200);
    expect(await refundRowsOf(orderId)).toEqual([
      { amount_cents: 700, reason: "Refunded in Stripe's dashboard", gateway_refund_id: 're_dash_unlisted' },
    ]);
    const note = (await listBills(t.db, org.id)).find((row) => row.creditNoteNumber);
    expect(note).toMatchObject({ orderId, total: -7 });
  });

  it('does not record again a refund the operator made through the console', async () => {
    const { intent, orderId } = await paidPurchase('Webhook Console Refund Co.');
    const op = await loginOperator(t);
    const res = await op.post(`/api/ops/bills/${orderId}/refunds`, { amount: 5, reason: 'Goodwill' });
    expect(res.status).toBe(200);
    const atStripe = fake.refunds.filter((r) => r.payment_intent === intent.id);
    expect(atStripe).toHaveLength(1);
    const outcome = await deliver(chargeRefunded(intent, atStripe));
    expect(outcome.statusCode).toBe(200);
    expect(await refundRowsOf(orderId)).toEqual([
      { amount_cents: 500, reason: 'Goodwill', gateway_refund_id: atStripe[0]!.id },
    ]);
  });

  it('records no dashboard refund beyond what the bill has left, and tells the operator', async () => {
    const { intent, orderId } = await paidPurchase('Webhook Over Refund Co.');
    const { totalCents: total, invoiceNumber } = (await findById(t.db, orderId))!;
    expect(invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    const body = chargeRefunded(intent, [dashboardRefund('re_dash_over', total + 1)]);
    await deliver(body);
    expect(await refundRowsOf(orderId)).toEqual([]);
    const [row] = await queryRows<{ outcome: string }>(
      t.db,
      sql`SELECT outcome FROM stripe_events WHERE id = ${body.id}`,
    );
    expect(row!.outcome).toMatch(
      new RegExp(`^re_dash_over: not recorded \\(A refund of .* is more than bill ${invoiceNumber} has left`),
    );
  });
});
