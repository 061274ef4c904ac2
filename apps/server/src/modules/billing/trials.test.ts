import { addMonthsClamped, BillingMode, BillStatus, TrialMessages } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planId, runBillingCycle } from '../../../test/support/billing';
import { CUSTOMER_PASSWORD, customer } from '../../../test/support/payment-customers';
import { editBody } from '../../../test/support/subscription-edit';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { orders, organizations, subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import type { BillingDeps } from './billing-engine';
import { sendBillingNotices } from './billing-notices';

// Free trials (docs/decisions/043) on the mock clock: the demo's Flex plans offer 14 days. A checkout
// of one starts a trial with nothing charged and no card needed; one trial per organization and plan,
// even when two checkouts race; the admins are mailed 3 days before the end; at the end the billing
// pass charges the first period as a renewal (a decline is dunning's), or ends the trial without a card.

const DAY = 86_400_000;
const START = new Date('2026-05-04T10:00:00Z');
const TRIAL_END = new Date(START.getTime() + 14 * DAY);
const clock = new ManualClock(START.toISOString());
let t: TestApp;
let deps: BillingDeps;
let flexPlanId: number;
let flexFeeCents: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  deps = { db: t.db, clock, gateway: t.gateway, publicUrl: 'https://store.test' };
  flexPlanId = await planId(t.db, 'Flex 2,500');
  const [plan] = await queryRows<{ fee: number }>(
    t.db,
    sql`SELECT monthly_fee_cents AS fee FROM pricing_plans WHERE id = ${flexPlanId}`,
  );
  flexFeeCents = Number(plan!.fee);
});
afterAll(() => t.close());

/** An organization with a signed-in admin; its card on file `pm`, or none. */
const organization = (name: string, pm: string | null) => customer(t, name, pm);

type Admin = Awaited<ReturnType<typeof organization>>['admin'];

const flexItem = () => ({
  description: 'Trial scanning',
  pricingPlanId: flexPlanId,
  maxAdditionalMonthlyCharge: 0,
  xtraAutoTags: 0,
  numberMachines: 0,
  billingMode: BillingMode.Monthly,
});

const buy = (admin: Admin, expectedCents: number | null = 0, key = `trial-${Math.random()}`) =>
  admin.post('/api/subscription/new', [flexItem()], {
    'idempotency-key': key,
    ...(expectedCents === null ? {} : { 'x-expected-total': String(expectedCents) }),
  });

const subscriptionsOf = (organizationId: number) =>
  t.db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
/** The charges the gateway took for the organization's bills (the demo's own renew beside them). */
async function chargesOf(organizationId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM payment_attempts a JOIN orders o ON o.id = a.order_id
      WHERE o.organization_id = ${organizationId} AND a.status = 'succeeded'`,
  );
  return Number(row!.n);
}
const billsOf = (organizationId: number) =>
  t.db.select().from(orders).where(eq(orders.organizationId, organizationId)).orderBy(orders.id);

/** Starts a trial at START for a new organization; its subscription. */
async function trialing(name: string, pm: string | null) {
  clock.set(START.toISOString());
  const org = await organization(name, pm);
  const res = await buy(org.admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [sub] = await subscriptionsOf(org.id);
  return { ...org, sub: sub! };
}

describe('starting a trial', () => {
  it('needs no card, charges nothing, and the license runs with the plan until the trial ends', async () => {
    const { id, admin, sub } = await trialing('Trial Cardless', null);
    const [bill] = await billsOf(id);
    expect(bill!.totalCents).toBe(0);
    expect(sub.trialEndsAt?.toISOString()).toBe(TRIAL_END.toISOString());
    expect(sub.nextBaseBillingDate?.toISOString()).toBe(TRIAL_END.toISOString());
    expect(await chargesOf(id)).toBe(0);

    const listed = await admin.get('/api/subscription/all');
    const row = listed.body.find((s: { subscriptionId: number }) => s.subscriptionId === sub.id);
    expect(row.trialEndsAt).toBe(TRIAL_END.toISOString());
    expect(TrialMessages.trialLine(row.trialEndsAt, flexFeeCents, row.billingMode)).toMatch(
      /^Trial: ends May 18, 2026, then \$[\d,.]+ per month$/,
    );

    const validated = await t.client().post('/api/licensing/validate', { licenseKey: sub.apiKey1 });
    expect(validated.body.valid).toBe(true);
    expect(validated.body.entitlements).toMatchObject({ ocr: true, 'max-pages-per-document': 200 });
  });

  it('is once per organization and plan: a second checkout is priced and charged normally', async () => {
    const { admin, id } = await trialing('Trial Twice', 'pm_card_visa');
    // The cart learns it first, and prices the plan without a trial.
    expect((await admin.get('/api/organization/trials')).body).toEqual({ pricingPlanIds: [flexPlanId] });
    const again = await buy(admin, 0);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TOTAL_CHANGED');
    expect(again.body.message).toMatch(/already started the trial of Flex 2,500, so it is charged now/);
    const paid = await buy(admin, again.body.totalCents);
    expect(paid.status).toBe(200);
    expect(paid.body.total * 100).toBe(flexFeeCents);
    const subs = await subscriptionsOf(id);
    expect(subs.filter((s) => s.trialEndsAt !== null)).toHaveLength(1);
  });

  it('lets one of two simultaneous checkouts start the trial, and charges the other nothing', async () => {
    clock.set(START.toISOString());
    const { id, admin } = await organization('Trial Racing', 'pm_card_visa');
    const answers = await Promise.all([buy(admin, 0), buy(admin, 0), buy(admin, 0)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.code).toBe('TOTAL_CHANGED');
    const [trials] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM plan_trials WHERE organization_id = ${id}`,
    );
    expect(Number(trials!.n)).toBe(1);
    expect(await subscriptionsOf(id)).toHaveLength(1);
  });
});

describe('a trial beside a paid item', () => {
  it('is given back when the card refuses the paid item, and started by the next checkout', async () => {
    clock.set(START.toISOString());
    const { id, admin } = await organization('Trial Beside Art', 'pm_card_chargeDeclined');
    const art = { ...flexItem(), description: 'Art', pricingPlanId: await planId(t.db, 'Artist Solo') };
    const cart = [flexItem(), art];
    const refused = await admin.post('/api/subscription/new', cart, { 'idempotency-key': 'art-1' });
    expect(refused.status).toBe(402);
    const trialsOf = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`SELECT count(*)::int AS n FROM plan_trials WHERE organization_id = ${id}`,
        )
      )[0]!.n;
    expect(Number(await trialsOf())).toBe(0);

    await t.db.update(organizations).set({ paymentMethodId: 'pm_card_visa' }).where(eq(organizations.id, id));
    const bought = await admin.post('/api/subscription/new', cart, { 'idempotency-key': 'art-2' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(Number(await trialsOf())).toBe(1);
    const subs = await subscriptionsOf(id);
    expect(subs.map((s) => [s.description, s.trialEndsAt?.toISOString() ?? null]).sort()).toEqual([
      ['Art', null],
      ['Trial scanning', TRIAL_END.toISOString()],
    ]);
  });
});

describe('during a trial', () => {
  it('a higher plan applies at once with nothing charged; the trial still ends on its date', async () => {
    const { id, admin, sub } = await trialing('Trial Upgraded', 'pm_card_visa');
    clock.set(new Date(START.getTime() + 2 * DAY).toISOString());
    const bigger = await planId(t.db, 'Flex 25,000');
    const before = (await admin.get(`/api/subscription/${sub.id}`)).body;
    const saved = await admin.put(`/api/subscription/${sub.id}`, editBody(before, { pricingPlanId: bigger }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ chargedCents: 0, orderId: null, pending: false });
    expect(saved.body.subscription).toMatchObject({
      pricingPlanId: bigger,
      trialEndsAt: TRIAL_END.toISOString(),
    });
    expect((await billsOf(id)).map((b) => b.kind)).toEqual(['purchase']);
  });
});

describe('the end of a trial', () => {
  it('mails the admins 3 days before, once', async () => {
    const { email } = await trialing('Trial Reminded', 'pm_card_visa');
    const sentTo = () => t.mailer.sent.filter((m) => m.to === email);
    clock.set(new Date(TRIAL_END.getTime() - 3 * DAY - 3_600_000).toISOString());
    await sendBillingNotices(deps);
    await t.flushMail();
    expect(sentTo().filter((m) => m.subject.includes('free trial'))).toHaveLength(0);
    clock.set(new Date(TRIAL_END.getTime() - 3 * DAY + 3_600_000).toISOString());
    await sendBillingNotices(deps);
    await sendBillingNotices(deps);
    await t.flushMail();
    const mails = sentTo().filter((m) => m.subject.includes('free trial'));
    expect(mails.map((m) => m.subject)).toEqual(['Your free trial of Trial scanning ends on May 18, 2026']);
    expect(mails[0]!.text).toContain('we will then charge your card on file');
  });

  it('converts at its end: the first period is charged once, however often the pass runs', async () => {
    const { id, sub } = await trialing('Trial Converted', 'pm_card_visa');
    clock.set(new Date(TRIAL_END.getTime() + 3_600_000).toISOString());
    await runBillingCycle(deps);
    await runBillingCycle(deps);
    const bills = await billsOf(id);
    expect(bills.map((b) => [b.kind, b.totalCents, b.status])).toEqual([
      ['purchase', 0, BillStatus.ChargePaid],
      ['renewal', flexFeeCents, BillStatus.ChargePaid],
    ]);
    expect(await chargesOf(id)).toBe(1);
    const [after] = await subscriptionsOf(id);
    expect(after!.isActive).toBe(true);
    expect(after!.currentPeriodStart.toISOString()).toBe(TRIAL_END.toISOString());
    expect(after!.nextBaseBillingDate?.toISOString()).toBe(addMonthsClamped(TRIAL_END, 1).toISOString());
    const admin = await t.login('trial-converted@example.com', CUSTOMER_PASSWORD);
    const row = (await admin.get(`/api/subscription/${sub.id}`)).body;
    expect(row.trialEndsAt).toBeUndefined();
  });

  it('a declined first charge goes to dunning, as a declined renewal does', async () => {
    const { id, sub } = await trialing('Trial Declined', 'pm_card_chargeDeclined');
    clock.set(new Date(TRIAL_END.getTime() + 3_600_000).toISOString());
    await runBillingCycle(deps);
    const renewal = (await billsOf(id)).find((b) => b.kind === 'renewal')!;
    expect(renewal.status).toBe(BillStatus.ChargePastDue);
    expect(renewal.nextAttemptAt).not.toBeNull();
    const [still] = await subscriptionsOf(id);
    expect(still!.isActive).toBe(true);
    const admin = await t.login('trial-declined@example.com', CUSTOMER_PASSWORD);
    const row = (await admin.get(`/api/subscription/${sub.id}`)).body;
    expect(row.paymentDueBy).toBeDefined();
    expect(row.trialEndsAt).toBeUndefined();
  });

  it('ends without a card on file: the license stops and nothing is billed, once', async () => {
    const { id, sub, email } = await trialing('Trial Ended', null);
    clock.set(new Date(TRIAL_END.getTime() - 3 * DAY + 3_600_000).toISOString());
    await sendBillingNotices(deps);
    await t.flushMail();
    const warned = t.mailer.sent.find((m) => m.to === email && m.subject.includes('free trial'));
    expect(warned?.text).toContain('with no card on file it will then end and its license will stop');
    expect(warned?.text).toContain('https://store.test/ModifyBillingInfo');
    clock.set(new Date(TRIAL_END.getTime() + 3_600_000).toISOString());
    await runBillingCycle(deps);
    await runBillingCycle(deps);
    const [ended] = await subscriptionsOf(id);
    expect(ended!.isActive).toBe(false);
    expect(ended!.deactivateDate?.toISOString()).toBe(TRIAL_END.toISOString());
    expect((await billsOf(id)).map((b) => b.kind)).toEqual(['purchase']);
    const validated = await t.client().post('/api/licensing/validate', { licenseKey: sub.apiKey1 });
    expect(validated.body.valid).toBe(false);
  });
});
