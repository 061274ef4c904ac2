import { BillStatus, type PricingPlan, RefundMessages } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOperator } from '../../../test/support/operator';
import { pdfText } from '../../../test/support/pdf-text';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { orders, organizations, refunds, subscriptions } from '../../db/schema';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { createSandboxGateway } from '../../gateway/sandbox-gateway';
import { DEMO_COMPANY, PERPETUAL_EMAIL } from '../../seed/organizations';
import { reconcile } from '../billing/reconcile';
import { recordBillPayment } from '../bills';
import { settleOpenRefunds } from './refund-settling';

// The gateway loses the answer of the next refund (it was made; the process never heard of it).
let loseNextRefundAnswer = false;
function lossyGateway(database: { db: Parameters<typeof createSandboxGateway>[0] }): PaymentGateway {
  const inner = createSandboxGateway(database.db);
  return {
    ...inner,
    async refund(input) {
      const result = await inner.refund(input);
      if (loseNextRefundAnswer) {
        loseNextRefundAnswer = false;
        throw new Error('socket hang up');
      }
      return result;
    },
  };
}

let t: TestApp;
let op: Awaited<ReturnType<typeof loginOperator>>;
let plans: Record<string, PricingPlan>;
let demoId: number;

const sandboxRefundsOf = (orderId: number) =>
  queryRows<{ amount_cents: number }>(
    t.db,
    sql`SELECT r.amount_cents FROM sandbox_refunds r JOIN payment_attempts a ON a.gateway_charge_id = r.charge_id
      WHERE a.order_id = ${orderId} ORDER BY r.created_at`,
  );

async function buy(api: Awaited<ReturnType<TestApp['loginDemo']>>, planName: string, key: string) {
  const plan = plans[planName]!;
  const res = await api.post(
    '/api/subscription/new',
    [
      {
        description: key,
        pricingPlanId: plan.pricingPlanId,
        maxAdditionalMonthlyCharge: 0,
        xtraAutoTags: 0,
        numberMachines: planName.startsWith('Artist') ? 0 : 1,
        billingMode: 3,
      },
    ],
    { 'Idempotency-Key': key },
  );
  expect(res.status).toBe(200);
  const [bill] = await t.db.select().from(orders).where(eq(orders.id, res.body.orderId));
  // Paid by card or issued as an invoice, the bill has its invoice number, which names it.
  expect(bill!.invoiceNumber).toMatch(/^2026-\d{6}$/);
  return bill!;
}

const named = (bill: { id: number; invoiceNumber: string | null }) => ({
  orderId: bill.id,
  invoiceNumber: bill.invoiceNumber,
});

beforeAll(async () => {
  t = await createTestApp({ gateway: lossyGateway });
  t.clock.set('2026-11-10T09:00:00Z');
  op = await loginOperator(t);
  plans = {};
  for (const product of ['Pro', 'Artist']) {
    for (const p of (await t.client().get(`/api/product/plans_for_product/${product}`)).body as PricingPlan[])
      plans[p.planName] = p;
  }
  demoId = (await t.db.select().from(organizations).where(eq(organizations.companyName, DEMO_COMPANY)))[0]!
    .id;
  await t.db.update(organizations).set({ taxId: 'US 12-3456789' }).where(eq(organizations.id, demoId));
});
afterAll(() => t.close());

describe('POST /api/ops/bills/:orderId/refunds', () => {
  it('is for operators only: a customer is told it does not exist', async () => {
    const demo = await t.loginDemo();
    const bill = await buy(demo, 'Pro Standard', 'gate-1');
    expect(
      (await t.client().post(`/api/ops/bills/${bill.id}/refunds`, { amount: 1, reason: 'x' })).status,
    ).toBe(401);
    expect((await demo.post(`/api/ops/bills/${bill.id}/refunds`, { amount: 1, reason: 'x' })).status).toBe(
      404,
    );
  });

  it('refunds part of a card bill once however often the request is retried, and issues a credit note', async () => {
    const demo = await t.loginDemo();
    const bill = await buy(demo, 'Pro Standard', 'partial-1');
    const ask = () =>
      op.post(
        `/api/ops/bills/${bill.id}/refunds`,
        { amount: 10.5, reason: 'Goodwill' },
        { 'Idempotency-Key': 'p-1' },
      );
    const first = await ask();
    const retried = await ask();
    expect(first.status).toBe(200);
    expect(first.body.refund).toMatchObject({ amount: 10.5, status: 'succeeded', reason: 'Goodwill' });
    expect(first.body.refund.creditNoteNumber).toMatch(/^2026-\d{6}$/);
    expect(first.body.message).toBe(
      `Refunded $10.50 of bill ${bill.invoiceNumber}; credit note ${first.body.refund.creditNoteNumber} issued.`,
    );
    expect(retried.body.refund).toEqual(first.body.refund);
    expect(await sandboxRefundsOf(bill.id)).toEqual([{ amount_cents: 10_50 }]);
    // The paid bill stays as it was paid.
    const [after] = await t.db.select().from(orders).where(eq(orders.id, bill.id));
    expect(after).toMatchObject({ status: BillStatus.ChargePaid, totalCents: bill.totalCents });

    // Listed in Billing History as a row of its own, and downloadable.
    const number = first.body.refund.creditNoteNumber;
    const history = (await demo.get('/api/order/history')).body;
    expect(history).toContainEqual({
      orderId: bill.id,
      billingDate: '2026-11-10T09:00:00.000Z',
      status: BillStatus.ChargePaid,
      total: -10.5,
      creditNoteNumber: number,
      subscriptionNames: ['partial-1'],
    });
    const pdf = await demo.get(`/api/order/credit-note/${number}`);
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-disposition']).toBe(`attachment; filename="credit_note_${number}.pdf"`);
    const text = pdfText(pdf.raw.rawPayload);
    expect(text).toMatch(new RegExp(`Credits invoice\\s+${bill.invoiceNumber}`));
    expect(text).toMatch(new RegExp(`Credit note number\\s+${number}`));
    for (const seen of [
      'CREDIT NOTE',
      number,
      'Reason: Goodwill',
      '-$10.50',
      'Licensed Software Store, Inc.',
      'Tax ID: EIN 84-0000000',
      'Tax ID: US 12-3456789',
      'November 10, 2026',
    ]) {
      expect(text).toContain(seen);
    }
  });

  it('refuses more than is left to refund with the figures, and changes nothing', async () => {
    const demo = await t.loginDemo();
    const bill = await buy(demo, 'Pro Standard', 'over-1');
    await op.post(`/api/ops/bills/${bill.id}/refunds`, { amount: 20, reason: 'Part' });
    const before = await t.db.select().from(refunds);
    const res = await op.post(`/api/ops/bills/${bill.id}/refunds`, {
      amount: bill.totalCents / 100,
      reason: 'All',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      RefundMessages.overRefund(bill.totalCents, named(bill), bill.totalCents, 20_00),
    );
    expect(res.body.message).toContain(`is more than bill ${bill.invoiceNumber} has left to refund: `);
    expect(await t.db.select().from(refunds)).toEqual(before);
    expect(await sandboxRefundsOf(bill.id)).toEqual([{ amount_cents: 20_00 }]);
  });

  it("refunds the whole of a subscription's current period and ends the subscription", async () => {
    const demo = await t.loginDemo();
    const bill = await buy(demo, 'Pro Standard', 'full-1');
    const total = bill.totalCents / 100;
    const partialEnd = await op.post(`/api/ops/bills/${bill.id}/refunds`, {
      amount: 1,
      reason: 'x',
      endSubscription: true,
    });
    expect(partialEnd.status).toBe(400);
    expect(partialEnd.body.message).toBe(RefundMessages.endNeedsFullRefund);
    const res = await op.post(`/api/ops/bills/${bill.id}/refunds`, {
      amount: total,
      reason: 'Bought by mistake',
      endSubscription: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.refund.status).toBe('succeeded');
    expect(res.body.endedSubscriptionIds).toHaveLength(1);
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, res.body.endedSubscriptionIds[0]));
    expect(sub!.isActive).toBe(false);
    expect(res.body.message).toContain(`Subscription ${sub!.id} ended.`);
    expect(await sandboxRefundsOf(bill.id)).toEqual([{ amount_cents: bill.totalCents }]);
    const again = await op.post(`/api/ops/bills/${bill.id}/refunds`, { amount: 0.01, reason: 'More' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      RefundMessages.overRefund(1, named(bill), bill.totalCents, bill.totalCents),
    );
  });

  it('records the refund of a bill paid by invoice without the gateway, saying how the money went back', async () => {
    const api = await t.login(PERPETUAL_EMAIL);
    const bill = await buy(api, 'Artist Solo', 'invoice-1');
    expect(bill.status).toBe(BillStatus.OfflineInvoice);
    const unpaid = await op.post(`/api/ops/bills/${bill.id}/refunds`, {
      amount: 1,
      reason: 'x',
      offlineMethod: 'Wire',
    });
    expect(unpaid.body.message).toBe(
      `Bill ${bill.invoiceNumber} is not paid (status 'Invoiced'): only a paid bill can be refunded.`,
    );
    await t.db.transaction((tx) => recordBillPayment(tx, t.clock.now(), bill.id, null));
    const without = await op.post(`/api/ops/bills/${bill.id}/refunds`, { amount: 1, reason: 'x' });
    expect(without.body.message).toBe(RefundMessages.offlineMethodRequired(named(bill)));
    const res = await op.post(`/api/ops/bills/${bill.id}/refunds`, {
      amount: 5,
      reason: 'Overpaid',
      offlineMethod: 'Bank transfer ref 88231',
    });
    expect(res.body.refund).toMatchObject({ status: 'succeeded', offlineMethod: 'Bank transfer ref 88231' });
    expect(await sandboxRefundsOf(bill.id)).toEqual([]);
  });

  it('refuses bad input with a readable message', async () => {
    for (const [body, message] of [
      [{ amount: 0, reason: 'x' }, RefundMessages.amountPositive],
      [{ amount: 1.001, reason: 'x' }, 'Amount must have at most 2 decimals'],
      [{ amount: 1, reason: '  ' }, RefundMessages.reasonRequired],
    ] as const) {
      const res = await op.post('/api/ops/bills/1/refunds', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await op.post('/api/ops/bills/999999/refunds', { amount: 1, reason: 'x' })).status).toBe(404);
  });

  it('settles a refund whose gateway answer was lost, refunding once; reconcile then agrees', async () => {
    const demo = await t.loginDemo();
    const bill = await buy(demo, 'Pro Standard', 'lost-1');
    loseNextRefundAnswer = true;
    const res = await op.post(`/api/ops/bills/${bill.id}/refunds`, { amount: 3, reason: 'Lost answer' });
    expect(res.status).toBe(200);
    expect(res.body.refund).toMatchObject({ status: 'started', creditNoteNumber: null });
    t.clock.advanceMs(5 * 60_000);
    expect(await settleOpenRefunds(t.deps)).toBe(1);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, res.body.refund.refundId));
    expect(row).toMatchObject({ status: 'succeeded' });
    expect(row!.creditNoteNumber).toMatch(/^2026-\d{6}$/);
    expect(await sandboxRefundsOf(bill.id)).toEqual([{ amount_cents: 3_00 }]);
    const differences = await reconcile(t.db, t.gateway, { since: null, now: t.clock.now() });
    expect(differences.filter((d) => d.startsWith('Refund'))).toEqual([]);
  });

  it("another organization's credit note is not found", async () => {
    const [note] = await t.db.select().from(refunds).where(eq(refunds.organizationId, demoId)).limit(1);
    const other = await t.login(PERPETUAL_EMAIL);
    expect((await other.get(`/api/order/credit-note/${note!.creditNoteNumber}`)).status).toBe(404);
  });
});
