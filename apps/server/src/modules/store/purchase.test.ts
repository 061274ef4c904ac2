import { BillStatus, PLACEHOLDER_DESCRIPTION, type PricingPlan, Store } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutTrials } from '../../../test/support/billing';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { orderLines, orders, organizations, paymentAttempts, subscriptions } from '../../db/schema';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { createSandboxGateway } from '../../gateway/sandbox-gateway';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_SUB_ACCOUNT,
  DEMO_USER_EMAIL,
  PERPETUAL_EMAIL,
} from '../../seed/organizations';
import { insertBill } from '../bills/bills.repository';
import { settlePendingPurchases } from './purchase-settling';

// A sandbox gateway that can be told to lose the answer of the next charge (a crash between (2) and (3)).
let loseNextAnswer = false;
let chargeCalls = 0;
function flakyGateway(database: { db: Parameters<typeof createSandboxGateway>[0] }): PaymentGateway {
  const inner = createSandboxGateway(database.db);
  return {
    ...inner,
    async charge(input) {
      chargeCalls++;
      const result = await inner.charge(input);
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new Error('connection reset');
      }
      return result;
    },
  };
}

let t: TestApp;
let plans: Record<string, PricingPlan>;
let demoOrgId: number;

async function count(
  table: 'orders' | 'subscriptions' | 'sandbox_charges' | 'payment_attempts',
): Promise<number> {
  const rows = await queryRows<{ n: number }>(t.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number(rows[0]!.n);
}
async function successfulCharges(): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM sandbox_charges WHERE status = 'succeeded'`,
  );
  return Number(rows[0]!.n);
}

const item = (plan: PricingPlan, more: Record<string, unknown> = {}) => ({
  description: 'Production',
  pricingPlanId: plan.pricingPlanId,
  maxAdditionalMonthlyCharge: 25,
  xtraAutoTags: 0,
  numberMachines: 1,
  billingMode: 3,
  ...more,
});

async function loginEurope() {
  const list = await t
    .client()
    .post('/api/authenticate', { email: DEMO_EMAIL, password: DEMO_PASSWORD, orgId: null });
  const europe = list.body.possibleOrganizations.find(
    (o: { companyName: string }) => o.companyName === DEMO_SUB_ACCOUNT,
  );
  return t.login(DEMO_EMAIL, DEMO_PASSWORD, europe.organizationId);
}

const billingInfo = (sourceId: string) => ({
  nameOnCard: 'Dana Demo',
  company: 'Demo Documents Europe',
  addr1: 'Keizersgracht 62',
  addr2: '',
  city: 'Amsterdam',
  state: 'NH',
  country: 'NL',
  postalCode: '1015 CS',
  sourceId,
  expireMonth: 12,
  expireYear: 2031,
  lastFour: '4242',
});

beforeAll(async () => {
  t = await createTestApp({ gateway: flakyGateway });
  await withoutTrials(t.db);
  plans = {};
  for (const product of ['Pro', 'Flex', 'Artist']) {
    for (const p of (await t.client().get(`/api/product/plans_for_product/${product}`)).body as PricingPlan[])
      plans[p.planName] = p;
  }
  const [demo] = await t.db
    .select()
    .from(organizations)
    .where(eq(organizations.companyName, 'Demo Documents Inc.'));
  demoOrgId = demo!.id;
});
afterAll(() => t.close());

describe('POST /api/subscription/new: who may buy', () => {
  it('needs a signed-in administrator', async () => {
    expect((await t.client().post('/api/subscription/new', [item(plans['Pro Standard']!)])).status).toBe(401);
    const jane = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect((await jane.post('/api/subscription/new', [item(plans['Pro Standard']!)])).status).toBe(403);
  });

  it('an organization without billing information is sent to add it first', async () => {
    const europe = await loginEurope();
    const before = await count('orders');
    const res = await europe.post('/api/subscription/new', [item(plans['Pro Standard']!)]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please add billing information before purchasing.');
    expect(await count('orders')).toBe(before);
  });
});

describe('a successful purchase', () => {
  it('charges once, creates the subscriptions, the bill and its lines with every field the other modules rely on', async () => {
    const api = await t.loginDemo();
    const chargesBefore = await successfulCharges();
    const res = await api.post(
      '/api/subscription/new',
      [
        item(plans['Pro Business']!, { numberMachines: 2, xtraAutoTags: 1 }),
        item(plans['Flex 2,500']!, { description: '  ', numberMachines: 5, billingMode: 2 }),
      ],
      { 'Idempotency-Key': 'happy-1' },
    );
    expect(res.status).toBe(200);
    // Pro Business: (450 × 2 + 40) × 12 × 0.9 × 0.95 = 9,644.40; Flex 2,500: 149 × 3 × 0.95 × 0.95 = 403.4175 → 403.42
    expect(res.body.total).toBe(10_047.82);
    expect(res.body.status).toBe(BillStatus.ChargePaid);
    expect(res.body.subscriptions.map((s: { description: string }) => s.description)).toEqual([
      'Production',
      PLACEHOLDER_DESCRIPTION,
    ]);
    expect(await successfulCharges()).toBe(chargesBefore + 1);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(order).toMatchObject({
      kind: 'purchase',
      status: 260,
      totalCents: 1_004_782,
      organizationId: demoOrgId,
      idempotencyKey: 'happy-1',
    });
    expect(order!.paidAt).toEqual(t.clock.now());
    expect(order!.billedTo).toMatchObject({
      companyName: 'Demo Documents Inc.',
      name: 'Dana Demo',
      city: 'Denver',
      country: 'US',
      cardLastFour: '4242',
    });
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order!.id));
    expect(attempt).toMatchObject({
      gatewayKey: `order-${order!.id}`,
      amountCents: 1_004_782,
      status: 'succeeded',
    });

    const subs = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, demoOrgId))
      .orderBy(subscriptions.id);
    const [pro, flex] = subs.slice(-2);
    expect(pro).toMatchObject({
      description: 'Production',
      pricingPlanId: plans['Pro Business']!.pricingPlanId,
      numberMachines: 2,
      xtraAutoTags: 1,
      billingMode: 3,
      billingModeDiscountBp: 1000,
      maxAdditionalMonthlyChargeCents: 2500,
      isActive: true,
      version: 1,
      anchorDay: 2,
    });
    expect(pro!.apiKey1.length).toBeGreaterThanOrEqual(40);
    expect(pro!.apiKey1).not.toBe(flex!.apiKey1);
    expect(pro!.currentPeriodStart.toISOString()).toBe('2026-11-02T12:00:00.000Z');
    expect(pro!.nextBaseBillingDate!.toISOString()).toBe('2027-11-02T12:00:00.000Z');
    expect(pro!.nextOverageBillingDate!.toISOString()).toBe('2026-12-02T12:00:00.000Z');
    // Flex is not limited by engines (docs/design.md §2): the 5 sent are stored as 0.
    expect(flex).toMatchObject({
      numberMachines: 0,
      billingMode: 2,
      billingModeDiscountBp: 500,
      description: PLACEHOLDER_DESCRIPTION,
    });
    expect(flex!.nextBaseBillingDate!.toISOString()).toBe('2027-02-02T12:00:00.000Z');

    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(orderLines.id);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      subscriptionId: pro!.id,
      description: 'Production',
      productName: 'Pro',
      planName: 'Pro Business',
      billingMode: 3,
      listCents: 1_128_000,
      discountCents: 1_128_000 - 964_440,
      amountCents: 964_440,
    });
    expect(lines[0]!.periodEnd!.toISOString()).toBe('2027-11-02T12:00:00.000Z');
    expect(lines[1]).toMatchObject({ productName: 'Flex', listCents: 44_700, amountCents: 40_342 });
  });

  it('an organization billed by invoice gets an OfflineInvoice bill and no charge', async () => {
    const api = await t.login(PERPETUAL_EMAIL, DEMO_PASSWORD);
    const charges = await count('sandbox_charges');
    const res = await api.post('/api/subscription/new', [item(plans['Artist Solo']!, { numberMachines: 0 })]);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(BillStatus.OfflineInvoice);
    expect(await count('sandbox_charges')).toBe(charges);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(order!.dueDate!.toISOString()).toBe('2026-11-16T12:00:00.000Z');
  });
});

describe('bad input: 400 with a readable message, nothing created', () => {
  const cases: [string, () => unknown, string][] = [
    [
      'unknown plan',
      () => [item(plans['Pro Standard']!, { pricingPlanId: 99_999 })],
      'Pricing plan 99999 does not exist.',
    ],
    [
      'retired plan',
      () => [item(plans['Pro Standard']!, { pricingPlanId: plans['Pro Enterprise']!.pricingPlanId + 1 })],
      "The plan 'Pro Classic' is no longer offered.",
    ],
    [
      'negative machines',
      () => [item(plans['Pro Standard']!, { numberMachines: -1 })],
      'Number of engines must be at least 0',
    ],
    [
      'no engine for a pro plan',
      () => [item(plans['Pro Standard']!, { numberMachines: 0 })],
      'Number Of Engines must be at least 1',
    ],
    [
      'non-integer machines',
      () => [item(plans['Pro Standard']!, { numberMachines: 1.5 })],
      'Number of engines must be a whole number',
    ],
    [
      'negative designers',
      () => [item(plans['Pro Standard']!, { xtraAutoTags: -2 })],
      'Extra designers must be at least 0',
    ],
    [
      'negative overage cap',
      () => [item(plans['Pro Standard']!, { maxAdditionalMonthlyCharge: -5 })],
      'Max overages must be at least 0',
    ],
    ['huge numbers', () => [item(plans['Pro Standard']!, { numberMachines: 1e300 })], 'Number of engines'],
    [
      'NoBill',
      () => [item(plans['Pro Standard']!, { billingMode: 0 })],
      'Invalid Argument: 0 is not a valid billing period.',
    ],
    [
      'billing mode 4',
      () => [item(plans['Pro Standard']!, { billingMode: 4 })],
      'Invalid Argument: 4 is not a valid billing period.',
    ],
    [
      'designers on a plan without them',
      () => [item(plans['Artist Solo']!, { xtraAutoTags: 1 })],
      "The plan 'Artist Solo' does not offer additional designers.",
    ],
    [
      'a price sent by the client',
      () => [{ ...item(plans['Pro Standard']!), price: 0.01 }],
      'Unrecognized key',
    ],
    ['an empty cart', () => [], 'The cart is empty'],
    [
      'too many items',
      () => Array.from({ length: 51 }, () => item(plans['Pro Standard']!)),
      'At most 50 items',
    ],
    [
      'a huge description',
      () => [item(plans['Pro Standard']!, { description: 'x'.repeat(100_000) })],
      'Description must be at most 100 characters',
    ],
    ['an object instead of a list', () => item(plans['Pro Standard']!), 'A purchase is a list of items'],
    [
      'a string plan id',
      () => [item(plans['Pro Standard']!, { pricingPlanId: '1' })],
      'Pricing plan must be a number',
    ],
    ['malformed JSON', () => '[{"description": ', 'The request body is not valid JSON.'],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const api = await t.loginDemo();
    const before = [await count('orders'), await count('subscriptions'), await count('sandbox_charges')];
    const res = await api.post('/api/subscription/new', body(), {
      'Idempotency-Key': `bad-${_name.replace(/\W/g, '-')}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect([await count('orders'), await count('subscriptions'), await count('sandbox_charges')]).toEqual(
      before,
    );
  });

  it('a body over the size limit is refused before it is read', async () => {
    const api = await t.loginDemo();
    const res = await api.post('/api/subscription/new', `[${'"x",'.repeat(100_000)}"x"]`);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
  });

  it('Monthly is refused where the organization does not allow it', async () => {
    const europe = await loginEurope();
    expect((await europe.put('/api/organization/billing_info', billingInfo('pm_card_visa'))).status).toBe(
      200,
    );
    const res = await europe.post('/api/subscription/new', [
      item(plans['Pro Standard']!, { billingMode: 1 }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(Store.monthlyNotAllowed);
    expect(
      (await europe.post('/api/subscription/new', [item(plans['Pro Standard']!, { billingMode: 3 })])).status,
    ).toBe(200);
  });
});

describe('prices come from the server', () => {
  it('a tampered expected total is refused with 409 and the real figure; nothing is charged', async () => {
    const api = await t.loginDemo();
    const before = await count('orders');
    const res = await api.post(
      '/api/subscription/new',
      [item(plans['Artist Studio']!, { numberMachines: 0 })],
      { 'X-Expected-Total': '100' },
    );
    // 99 × 12 × 0.9 × 0.95 = 1,015.74
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'TOTAL_CHANGED', totalCents: 101_574, total: 1015.74 });
    expect(res.body.message).toBe(Store.totalChanged('$1,015.74'));
    expect(await count('orders')).toBe(before);
    const ok = await api.post(
      '/api/subscription/new',
      [item(plans['Artist Studio']!, { numberMachines: 0 })],
      { 'X-Expected-Total': '101574' },
    );
    expect(ok.status).toBe(200);
    expect(
      (
        await api.post('/api/subscription/new', [item(plans['Artist Studio']!)], {
          'X-Expected-Total': '12.5',
        })
      ).status,
    ).toBe(400);
  });
});

describe('idempotency', () => {
  it('50 concurrent identical purchases with one key: one order, one charge, the same answer', async () => {
    const api = await t.loginDemo();
    const [orders0, subs0, charges0] = [
      await count('orders'),
      await count('subscriptions'),
      await successfulCharges(),
    ];
    const body = [item(plans['Pro Standard']!, { description: 'Concurrent' })];
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post('/api/subscription/new', body, { 'Idempotency-Key': 'burst-1' }),
      ),
    );
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses]).toEqual([200]);
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect(await count('orders')).toBe(orders0 + 1);
    expect(await count('subscriptions')).toBe(subs0 + 1);
    expect(await successfulCharges()).toBe(charges0 + 1);
    expect(chargeCalls).toBeGreaterThan(0);
  });

  it('a later retry with the same key answers the first result; another body with it is a 409', async () => {
    const api = await t.loginDemo();
    const body = [item(plans['Pro Standard']!, { description: 'Retry me' })];
    const first = await api.post('/api/subscription/new', body, { 'Idempotency-Key': 'retry-1' });
    const orders0 = await count('orders');
    const again = await api.post('/api/subscription/new', body, { 'Idempotency-Key': 'retry-1' });
    expect(again.body).toEqual(first.body);
    const other = await api.post(
      '/api/subscription/new',
      [item(plans['Pro Standard']!, { description: 'Something else' })],
      { 'Idempotency-Key': 'retry-1' },
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(Store.idempotencyKeyReused);
    expect(await count('orders')).toBe(orders0);
  });

  it('keys are per organization: another organization may use the same key', async () => {
    const europe = await loginEurope();
    const res = await europe.post(
      '/api/subscription/new',
      [item(plans['Artist Solo']!, { numberMachines: 0 })],
      { 'Idempotency-Key': 'retry-1' },
    );
    expect(res.status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(order!.organizationId).not.toBe(demoOrgId);
    const subs = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, res.body.subscriptions[0].subscriptionId));
    expect(subs[0]!.organizationId).toBe(order!.organizationId);
  });
});

describe('declined cards', () => {
  it('a decline creates no subscription, marks the order failed and answers 402 with the gateway message', async () => {
    const europe = await loginEurope();
    expect(
      (await europe.put('/api/organization/billing_info', billingInfo('pm_card_chargeCustomerFail'))).status,
    ).toBe(200);
    const subs0 = await count('subscriptions');
    const res = await europe.post('/api/subscription/new', [item(plans['Pro Standard']!)], {
      'Idempotency-Key': 'declined-1',
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your card was declined.');
    expect(await count('subscriptions')).toBe(subs0);
    const [order] = await t.db.select().from(orders).where(eq(orders.idempotencyKey, 'declined-1'));
    expect(order).toMatchObject({ status: BillStatus.UnPaid, failureMessage: 'Your card was declined.' });
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order!.id));
    expect(attempt!.status).toBe('declined');
    // A retry with the same key gives the same answer; a new attempt after a new card succeeds.
    expect(
      (
        await europe.post('/api/subscription/new', [item(plans['Pro Standard']!)], {
          'Idempotency-Key': 'declined-1',
        })
      ).status,
    ).toBe(402);
    await europe.put(
      '/api/organization/billing_info',
      billingInfo('pm_card_chargeDeclinedInsufficientFunds'),
    );
    const funds = await europe.post('/api/subscription/new', [item(plans['Pro Standard']!)], {
      'Idempotency-Key': 'declined-2',
    });
    expect(funds.body.message).toBe('Your card has insufficient funds.');
    await europe.put('/api/organization/billing_info', billingInfo('pm_card_visa'));
    expect(
      (
        await europe.post('/api/subscription/new', [item(plans['Pro Standard']!)], {
          'Idempotency-Key': 'declined-3',
        })
      ).status,
    ).toBe(200);
  });
});

describe('settlePendingPurchases', () => {
  it('completes an order whose charge succeeded but whose answer was lost, exactly once', async () => {
    const api = await t.loginDemo();
    const charges0 = await successfulCharges();
    loseNextAnswer = true;
    const body = [item(plans['Pro Enterprise']!, { description: 'Lost answer' })];
    const res = await api.post('/api/subscription/new', body, { 'Idempotency-Key': 'crash-1' });
    expect(res.status).toBe(502);
    expect(await successfulCharges()).toBe(charges0 + 1);
    const [pending] = await t.db.select().from(orders).where(eq(orders.idempotencyKey, 'crash-1'));
    expect(pending!.status).toBe(BillStatus.ChargePending);

    // Too young to settle; and the client's retry is told it is in progress.
    expect(await settlePendingPurchases(t.deps)).toEqual({ completed: 0, failed: 0 });
    t.clock.advanceMs(2 * 60_000);
    expect(await settlePendingPurchases(t.deps)).toEqual({ completed: 1, failed: 0 });
    expect(await settlePendingPurchases(t.deps)).toEqual({ completed: 0, failed: 0 });
    const retry = await api.post('/api/subscription/new', body, { 'Idempotency-Key': 'crash-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.subscriptions).toHaveLength(1);
    expect(await successfulCharges()).toBe(charges0 + 1);
  });

  it('fails an order the gateway never saw, once it is old enough', async () => {
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, demoOrgId));
    const order = await insertBill(t.db, {
      organizationId: org!.id,
      kind: 'purchase',
      status: BillStatus.ChargePending,
      totalCents: 100,
      billingDate: t.clock.now(),
      request: { items: [], priced: [], orgDiscountBp: 0 },
    });
    t.clock.advanceMs(5 * 60_000);
    expect((await settlePendingPurchases(t.deps)).failed).toBe(0);
    t.clock.advanceMs(15 * 60_000);
    expect((await settlePendingPurchases(t.deps)).failed).toBe(1);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after!.status).toBe(BillStatus.UnPaid);
  });
});
