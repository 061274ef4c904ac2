import { addMonthsClamped, BillingMode, BillStatus, monthsPerCycle } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId } from '../../../test/support/billing';
import { type BillFixture, makeBill } from '../../../test/support/bills';
import { loginOperator } from '../../../test/support/operator';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { disputes, subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { seedCatalog } from '../../seed/catalog';

// The console's dashboard (docs/decisions/028) over a set of organizations, subscriptions and bills
// whose every figure is worked out by hand below. The store's clock stands on Wednesday 18 November
// 2026 at noon: the month began on the 1st, the week on Monday the 16th, renewals are listed up to
// 18 December noon.

const clock = new ManualClock('2026-11-18T12:00:00Z');
let t: TestApp;
let op: Awaited<ReturnType<typeof loginOperator>>;

const { Monthly, Quarterly, Annually } = BillingMode;
const { ChargePaid, ChargePastDue, UnPaid, OfflinePaid, OfflinePastDue } = BillStatus;

type SubscriptionFixture = Parameters<typeof makeSubscription>[1];

/**
 * A subscription as its history left it: its row, then what changed since its purchase; and its
 * purchase and the renewals after it, a cycle apart, paid (`paid`: their cents, the purchase first).
 * Its other bills are made with the `bill` it answers.
 */
async function subscription(
  fixture: Omit<SubscriptionFixture, 'pricingPlanId'> & { plan: string; paid?: number[] },
  since: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const { plan, paid = [], ...rest } = fixture;
  const made = await makeSubscription(t.db, { ...rest, pricingPlanId: await planId(t.db, plan) });
  if (Object.keys(since).length > 0)
    await t.db.update(subscriptions).set(since).where(eq(subscriptions.id, made.id));
  const bill = (fixture: Omit<BillFixture, 'organizationId' | 'subscriptionId'>) =>
    makeBill(t.db, { organizationId: rest.organizationId, subscriptionId: made.id, ...fixture });
  const cycle = monthsPerCycle(rest.billingMode);
  for (const [i, totalCents] of paid.entries())
    await bill({
      kind: i === 0 ? 'purchase' : 'renewal',
      status: ChargePaid,
      totalCents,
      billingDate: addMonthsClamped(rest.purchasedAt, i * cycle),
      billingMode: rest.billingMode,
    });
  return { bill };
}

const on = (iso: string) => new Date(iso);
/** A bill's charge attempts, at these times: declined, or the one that paid it. */
const declined = (...times: string[]) => times.map((at) => ({ at, status: 'declined' as const }));
const succeeded = (at: string) => ({ at, status: 'succeeded' as const });
/** The period its last renewal began, up to the next. */
const period = (start: string, next: string) => ({
  currentPeriodStart: on(start),
  nextBaseBillingDate: on(next),
});

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock });
  await seedCatalog(t.db);
  op = await loginOperator(t);

  // Alpha (no discount).
  const alpha = (await makeOrganization(t.db, { name: 'Alpha Co.' })).id;
  // S1 Pro Standard × 2 engines, monthly: 500.00 a month. Its November renewal was declined on the
  // 5th and on Monday the 16th, and paid on the 17th.
  const s1 = await subscription(
    {
      organizationId: alpha,
      plan: 'Pro Standard',
      description: 'S1',
      billingMode: Monthly,
      numberMachines: 2,
      purchasedAt: '2026-08-05T10:00:00Z',
      paid: [500_00, 500_00, 500_00],
    },
    period('2026-11-05T10:00:00Z', '2026-12-05T10:00:00Z'),
  );
  await s1.bill({
    kind: 'renewal',
    status: ChargePaid,
    totalCents: 500_00,
    billingDate: '2026-11-05T10:00:00Z',
    dueDate: '2026-11-19T10:00:00Z',
    paidAt: '2026-11-17T09:00:00Z',
    billingMode: Monthly,
    attempts: [
      ...declined('2026-11-05T10:00:00Z', '2026-11-16T09:00:00Z'),
      succeeded('2026-11-17T09:00:00Z'),
    ],
  });
  // S2 Flex 2,500 with one extra designer, annual with a 10 % cycle discount:
  // (149 + 39) × 12 × 0.9 = 2,030.40 a year, 169.20 a month.
  await subscription({
    organizationId: alpha,
    plan: 'Flex 2,500',
    description: 'S2',
    billingMode: Annually,
    xtraAutoTags: 1,
    billingModeDiscountBp: 1000,
    purchasedAt: '2026-02-10T10:00:00Z',
    paid: [2030_40],
  });
  // S6 bought as Pro Standard annually (3,000.00 a year, 250.00 a month) and upgraded on the 10th to
  // Pro Business (450.00 a month): charged pro rata, billed in full from its renewal in March.
  const s6 = await subscription(
    {
      organizationId: alpha,
      plan: 'Pro Standard',
      description: 'S6',
      billingMode: Annually,
      numberMachines: 1,
      purchasedAt: '2026-03-20T10:00:00Z',
      paid: [3000_00],
    },
    { pricingPlanId: await planId(t.db, 'Pro Business') },
  );
  await s6.bill({
    kind: 'proration',
    status: ChargePaid,
    totalCents: 1_900_00,
    billingDate: '2026-11-10T10:00:00Z',
  });

  // Beta (10 % discount).
  const beta = (await makeOrganization(t.db, { name: 'Beta Co.', discountBp: 1000 })).id;
  // S3 Artist Studio, monthly, bought on the 9th: 99 × 0.9 = 89.10.
  await subscription({
    organizationId: beta,
    plan: 'Artist Studio',
    description: 'S3',
    billingMode: Monthly,
    purchasedAt: '2026-11-09T10:00:00Z',
    paid: [89_10],
  });
  // S4 Pro Standard, monthly: one engine (225.00) until its upgrade in October, charged pro rata;
  // its renewal on the 12th billed two (450.00).
  const s4 = await subscription(
    {
      organizationId: beta,
      plan: 'Pro Standard',
      description: 'S4',
      billingMode: Monthly,
      numberMachines: 1,
      purchasedAt: '2026-09-12T10:00:00Z',
      paid: [225_00, 225_00, 450_00],
    },
    { numberMachines: 2, ...period('2026-11-12T10:00:00Z', '2026-12-12T10:00:00Z') },
  );
  await s4.bill({
    kind: 'proration',
    status: ChargePaid,
    totalCents: 150_00,
    billingDate: '2026-10-20T10:00:00Z',
  });
  // S5 Pro Business, quarterly: three engines (450 × 3 × 3 × 0.9 = 3,645.00, 1,215.00 a month) until
  // the decrease to two its renewal on the 15th applied (2,430.00, 810.00 a month).
  await subscription(
    {
      organizationId: beta,
      plan: 'Pro Business',
      description: 'S5',
      billingMode: Quarterly,
      numberMachines: 3,
      purchasedAt: '2026-05-15T10:00:00Z',
      paid: [3645_00, 3645_00, 2430_00],
    },
    { numberMachines: 2, ...period('2026-11-15T10:00:00Z', '2027-02-15T10:00:00Z') },
  );

  // Gamma, whose card is declined.
  const gamma = (
    await makeOrganization(t.db, { name: 'Gamma Co.', paymentMethodId: 'pm_card_chargeDeclined' })
  ).id;
  // S7 Artist Solo, monthly (39.00): its November renewal was never paid; deactivated on the 17th.
  const s7 = await subscription(
    {
      organizationId: gamma,
      plan: 'Artist Solo',
      description: 'S7',
      billingMode: Monthly,
      purchasedAt: '2026-07-03T10:00:00Z',
      paid: [39_00, 39_00, 39_00, 39_00],
    },
    {
      isActive: false,
      deactivateDate: on('2026-11-17T10:00:00Z'),
      ...period('2026-11-03T10:00:00Z', '2026-12-03T10:00:00Z'),
    },
  );
  await s7.bill({
    kind: 'renewal',
    status: UnPaid,
    totalCents: 39_00,
    billingDate: '2026-11-03T10:00:00Z',
    dueDate: '2026-11-17T10:00:00Z',
    billingMode: Monthly,
    attempts: declined('2026-11-03T10:00:00Z', '2026-11-10T10:00:00Z', '2026-11-16T10:00:00Z'),
  });
  // S8 Pro Standard, monthly (250.00): its renewal on the 17th declined twice this week, past due.
  const s8 = await subscription(
    {
      organizationId: gamma,
      plan: 'Pro Standard',
      description: 'S8',
      billingMode: Monthly,
      numberMachines: 1,
      purchasedAt: '2026-10-17T10:00:00Z',
      paid: [250_00],
    },
    period('2026-11-17T10:00:00Z', '2026-12-17T10:00:00Z'),
  );
  await s8.bill({
    kind: 'renewal',
    status: ChargePastDue,
    totalCents: 250_00,
    billingDate: '2026-11-17T10:00:00Z',
    dueDate: '2026-12-01T10:00:00Z',
    billingMode: Monthly,
    attempts: declined('2026-11-17T10:00:00Z', '2026-11-18T06:00:00Z'),
  });
  // A checkout the card refused this week: void, nothing owed (its attempt is still a failed payment).
  await makeBill(t.db, {
    organizationId: gamma,
    subscriptionId: null,
    kind: 'purchase',
    status: UnPaid,
    totalCents: 99_00,
    billingDate: '2026-11-17T11:00:00Z',
    failureMessage: 'card_declined: Your card was declined.',
    attempts: declined('2026-11-17T11:00:00Z'),
  });

  // Delta, billed by invoice.
  const delta = (await makeOrganization(t.db, { name: 'Delta Co.', billedByInvoice: true })).id;
  // S9 Manager Standard × 2 engines, annual with 10 % off: 600 × 2 × 12 × 0.9 = 12,960.00 a year
  // (1,080.00 a month); a decrease to one engine waits for its renewal on 1 December (6,480.00).
  const s9 = await subscription(
    {
      organizationId: delta,
      plan: 'Manager Standard',
      description: 'S9',
      billingMode: Annually,
      numberMachines: 2,
      billingModeDiscountBp: 1000,
      purchasedAt: '2025-12-01T10:00:00Z',
    },
    { pendingNumberMachines: 1 },
  );
  await s9.bill({
    kind: 'purchase',
    status: OfflinePaid,
    totalCents: 12960_00,
    billingDate: '2025-12-01T10:00:00Z',
    dueDate: '2025-12-15T10:00:00Z',
    billingMode: Annually,
  });
  // Open invoices of its overage, 55, 76 and 107 days past due.
  for (const [billed, due, cents] of [
    ['2026-09-10T12:00:00Z', '2026-09-24T12:00:00Z', 200_00],
    ['2026-08-20T12:00:00Z', '2026-09-03T12:00:00Z', 300_00],
    ['2026-07-20T12:00:00Z', '2026-08-03T12:00:00Z', 123_45],
  ] as const)
    await s9.bill({
      kind: 'overage',
      status: OfflinePastDue,
      totalCents: cents,
      billingDate: billed,
      dueDate: due,
    });

  // Epsilon: S10 Artist Solo, monthly (39.00), cancelled: it runs to the 25th, then ends.
  const epsilon = (await makeOrganization(t.db, { name: 'Epsilon Co.' })).id;
  await subscription(
    {
      organizationId: epsilon,
      plan: 'Artist Solo',
      description: 'S10',
      billingMode: Monthly,
      purchasedAt: '2026-06-25T10:00:00Z',
      paid: [39_00, 39_00, 39_00, 39_00, 39_00],
    },
    { deactivateDate: on('2026-11-25T10:00:00Z'), ...period('2026-10-25T10:00:00Z', '2026-11-25T10:00:00Z') },
  );

  // Zeta: S11 ended in October, S12 from before the store billed here (no bill of it: 250.00 at its
  // plan price), a perpetual license and a subscription never billed (neither counts).
  const zeta = (await makeOrganization(t.db, { name: 'Zeta Co.' })).id;
  const zetaPro = { organizationId: zeta, plan: 'Pro Standard', billingMode: Monthly, numberMachines: 1 };
  await subscription(
    { ...zetaPro, description: 'S11', purchasedAt: '2026-01-20T10:00:00Z' },
    { isActive: false, deactivateDate: on('2026-10-20T10:00:00Z'), createdAt: on('2026-01-20T10:00:00Z') },
  );
  await subscription(
    { ...zetaPro, description: 'S12', purchasedAt: '2025-01-25T10:00:00Z' },
    { createdAt: on('2025-01-25T10:00:00Z'), ...period('2026-10-25T10:00:00Z', '2026-11-25T10:00:00Z') },
  );
  await subscription(
    { ...zetaPro, description: 'Perpetual', purchasedAt: '2025-01-25T10:00:00Z' },
    { isPerpetualLicense: true, createdAt: on('2025-01-25T10:00:00Z') },
  );
  await subscription(
    {
      ...zetaPro,
      description: 'NoBill',
      billingMode: BillingMode.NoBill,
      purchasedAt: '2025-01-25T10:00:00Z',
    },
    { createdAt: on('2025-01-25T10:00:00Z'), nextBaseBillingDate: null },
  );

  // Disputes: two open (one with no bill of ours), one won.
  await t.db.insert(disputes).values([
    {
      id: 'dp_open_1',
      chargeId: 'ch_1',
      amountCents: 250_00,
      reason: 'fraudulent',
      status: 'needs_response',
    },
    {
      id: 'dp_open_2',
      chargeId: 'ch_2',
      amountCents: 12_34,
      reason: 'general',
      status: 'warning_under_review',
    },
    { id: 'dp_won', chargeId: 'ch_3', amountCents: 500_00, reason: 'duplicate', status: 'won' },
  ]);
});
afterAll(() => t?.close());

describe('GET /api/ops/dashboard', () => {
  it('counts every figure of the seeded store', async () => {
    const res = await op.get('/api/ops/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      asOf: '2026-11-18T12:00:00.000Z',
      monthStart: '2026-11-01T00:00:00.000Z',
      weekStart: '2026-11-16T00:00:00.000Z',
      mrr: {
        // S1 500 + S2 169.20 + S3 89.10 + S4 450 + S5 810 + S6 450 + S8 250 + S9 1,080 + S10 39 + S12 250.
        mrr: 4087.3,
        subscriptions: 10,
        // As billed on the 1st: S1 500 + S2 169.20 + S4 225 + S5 1,215 + S6 250 + S7 39 + S8 250
        // + S9 1,080 + S10 39 + S12 250 (no bill: its plan price).
        atMonthStart: 4017.2,
        new: 89.1,
        newSubscriptions: 1,
        expansion: 225,
        contraction: 405,
        churn: 39,
        churnedSubscriptions: 1,
        // S6's upgrade: 450 at today's plan price, 250 as its period was billed.
        notBilledYet: 200,
      },
      // S1's decline on Monday, S7's on Monday, S8's two and the refused checkout's; S1 is paid since
      // and the checkout is void, so S7's 39.00 and S8's 250.00 are at risk.
      failedPayments: { count: 5, bills: 4, amountAtRisk: 289 },
      // S1 500 (5 Dec), S3 89.10 (9 Dec), S4 450 (12 Dec), S8 250 (17 Dec), S9 6,480 with its decrease
      // (1 Dec), S12 250 (25 Nov); S10 is cancelled, S7 ended.
      renewals: { until: '2026-12-18T12:00:00.000Z', count: 6, amount: 8019.1 },
      receivables: {
        buckets: [
          { bucket: 'current', bills: 1, amount: 250 },
          { bucket: '1-30', bills: 1, amount: 39 },
          { bucket: '31-60', bills: 1, amount: 200 },
          { bucket: '61-90', bills: 1, amount: 300 },
          { bucket: 'over-90', bills: 1, amount: 123.45 },
        ],
        bills: 5,
        amount: 912.45,
      },
      disputes: { open: 2, amount: 262.34 },
    });
    const m = res.body.mrr;
    expect(m.atMonthStart + m.new + m.expansion - m.contraction - m.churn + m.notBilledYet).toBeCloseTo(
      m.mrr,
      6,
    );
  });

  it('moves with the clock: in December November is behind it', async () => {
    clock.set('2026-12-02T12:00:00Z');
    try {
      // A session idle for two weeks has ended: the operator signs in again.
      const { body } = await (await loginOperator(t)).get('/api/ops/dashboard');
      expect(body).toMatchObject({
        monthStart: '2026-12-01T00:00:00.000Z',
        weekStart: '2026-11-30T00:00:00.000Z',
      });
      // S7 ended in November and S10 on 25 November; nothing else changed since.
      expect(body.mrr).toMatchObject({
        mrr: 4048.3,
        subscriptions: 9,
        new: 0,
        churn: 0,
        expansion: 0,
        contraction: 0,
      });
      expect(body.failedPayments).toEqual({ count: 0, bills: 0, amountAtRisk: 0 });
      // S8's renewal bill fell due on 1 December: a day late.
      expect(body.receivables.buckets[0]).toEqual({ bucket: 'current', bills: 0, amount: 0 });
      expect(body.receivables.buckets[1]).toEqual({ bucket: '1-30', bills: 2, amount: 289 });
    } finally {
      clock.set('2026-11-18T12:00:00Z');
    }
  });

  it('is for operators only', async () => {
    expect((await t.client().get('/api/ops/dashboard')).status).toBe(401);
  });
});
