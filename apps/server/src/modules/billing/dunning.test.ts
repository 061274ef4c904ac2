import {
  addMonthsClamped,
  BillingMode,
  BillStatus,
  DEFAULT_DUNNING_SETTINGS,
  formatLongDate,
} from '@store/core';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { CUSTOMER_PASSWORD, customer, sandboxChallenge } from '../../../test/support/payment-customers';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { orders, organizations, paymentAttempts, subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { saveDunningSettings } from '../bills';
import type { BillingDeps } from './billing-engine';
import { sendBillingNotices } from './billing-notices';

// Dunning on the mock clock (docs/decisions/042): a declined renewal is charged again exactly on the
// schedule's days of its 14-day grace, the admins are mailed at the decline and 7 and 2 days before the
// deactivation, each mail once; a bill paid on the pay-now page ends it all at once; a pay-now click
// racing a scheduled retry charges once; a card that expires before a renewal is announced 14 days ahead.

const DAY = 86_400_000;
/** A walk through a grace runs the engine some thirty times. */
const WALK = { timeout: 180_000 };
const clock = new ManualClock('2026-03-01T00:00:00Z');
let t: TestApp;
let deps: BillingDeps;
let proPlanId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  deps = { db: t.db, clock, gateway: t.gateway, publicUrl: 'https://store.test' };
  proPlanId = await planId(t.db, 'Pro Standard');
});
afterAll(() => t.close());

/** An organization whose monthly subscription renews `renewsAt`, its card `pm`. */
async function renewing(name: string, pm: string, renewsAt: Date) {
  const c = await customer(t, name, pm);
  const sub = await makeSubscription(t.db, {
    organizationId: c.id,
    pricingPlanId: proPlanId,
    description: `${name} Engine`,
    billingMode: BillingMode.Monthly,
    numberMachines: 1,
    purchasedAt: addMonthsClamped(renewsAt, -1),
  });
  // Signed in again when needed: a session unused for 7 days of the mock clock has expired.
  return { ...c, subscriptionId: sub.id, signIn: () => t.login(c.email, CUSTOMER_PASSWORD) };
}

/** The scheduler's work at one moment: the billing cycle, then the notices, the outbox sent. */
async function tick(at: Date) {
  clock.set(at.toISOString());
  await runBillingCycle(deps);
  await sendBillingNotices(deps);
  await t.flushMail();
}

/** The scheduler every 12 hours from `from` for `days` days; the subjects mailed to `to`, by day after `from`. */
async function walk(from: Date, days: number, to: string) {
  const mails: [number, string][] = [];
  for (let h = 0; h <= days * 24; h += 12) {
    const seen = t.mailer.sent.length;
    await tick(new Date(from.getTime() + h * 3_600_000));
    for (const m of t.mailer.sent.slice(seen)) if (m.to === to) mails.push([Math.floor(h / 24), m.subject]);
  }
  return mails;
}

const billOf = async (organizationId: number) =>
  (await t.db.select().from(orders).where(eq(orders.organizationId, organizationId)))[0]!;

/** The days after the bill's date on which it was charged. */
async function attemptDays(orderId: number, billingDate: Date) {
  const rows = await t.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(asc(paymentAttempts.id));
  return rows.map((a) => Math.floor((a.createdAt.getTime() - billingDate.getTime()) / DAY));
}

const isActive = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.isActive;

describe('a declined renewal with the default schedule', () => {
  it(
    'is charged again on days 1, 3, 5, 7, 10 and 13, the admins mailed at the decline and 7 and 2 days before deactivation, once each',
    WALK,
    async () => {
      const renewsAt = new Date('2026-03-02T10:00:00Z');
      const org = await renewing('Dunned Co', 'pm_card_chargeDeclined', renewsAt);
      const mails = await walk(new Date('2026-03-02T12:00:00Z'), 15, org.email);

      const bill = await billOf(org.id);
      expect(await attemptDays(bill.id, bill.billingDate)).toEqual([0, 1, 3, 5, 7, 10, 13]);
      expect(bill.status).toBe(BillStatus.UnPaid);
      expect(await isActive(org.subscriptionId)).toBe(false);

      const payBy = formatLongDate(bill.dueDate!);
      expect(payBy).toBe('March 16, 2026');
      const reminder = `Pay order ${bill.id} by ${payBy} to keep your license running`;
      // The walk starts 2 hours after the renewal: day 0 is the decline, the reminders on days 7 and 12.
      expect(mails).toEqual([
        [0, `Payment failed for order ${bill.id}`],
        [7, reminder],
        [12, reminder],
        [14, `${'Dunned Co'} Engine was deactivated`],
      ]);
      const decline = t.mailer.sent.find((m) => m.subject === `Payment failed for order ${bill.id}`)!;
      expect(decline.text).toContain(
        'Please pay the bill at https://store.test/PayBills with the card on file or a new card.',
      );
      expect(decline.text).toContain(
        'We will try the card again on March 03, 2026, March 05, 2026, March 07, 2026, March 09, 2026, March 12, 2026, March 15, 2026.',
      );
      const last = t.mailer.sent.filter((m) => m.subject === reminder).at(-1)!;
      expect(last.text).toContain('https://store.test/PayBills');
      expect(last.text).toContain(`If it is still unpaid on ${payBy}, the subscription on it is deactivated`);
    },
  );
});

describe("the operator's own schedule", () => {
  afterAll(() => saveDunningSettings(t.db, DEFAULT_DUNNING_SETTINGS));

  it('retries on its days only and sends only the reminders chosen', WALK, async () => {
    await saveDunningSettings(t.db, { retryDays: [2, 9], remindAtDecline: false, remindDaysBefore: [3] });
    const org = await renewing(
      'Custom Dunning Co',
      'pm_card_chargeDeclined',
      new Date('2026-04-01T10:00:00Z'),
    );
    const mails = await walk(new Date('2026-04-01T12:00:00Z'), 15, org.email);
    const bill = await billOf(org.id);
    expect(await attemptDays(bill.id, bill.billingDate)).toEqual([0, 2, 9]);
    expect(mails.map(([day, subject]) => [day, subject.split(' ')[0]])).toEqual([
      [11, 'Pay'],
      [14, 'Custom'],
    ]);
  });
});

describe('a bill paid on the pay-now page', () => {
  it(
    'ends the dunning at once: no more charges or reminders, and the license keeps running',
    WALK,
    async () => {
      const org = await renewing(
        'Pays Now Co',
        'pm_card_authenticationRequired',
        new Date('2026-05-01T10:00:00Z'),
      );
      const start = new Date('2026-05-01T12:00:00Z');
      const before = await walk(start, 3, org.email);
      const bill = await billOf(org.id);
      expect(before).toEqual([[0, `Please authenticate the payment of order ${bill.id}`]]);
      expect(await attemptDays(bill.id, bill.billingDate)).toEqual([0, 1, 3]);

      // The Subscriptions row says by when to pay.
      const admin = await org.signIn();
      const listed = (await admin.get('/api/subscription/all')).body as { paymentDueBy?: string }[];
      expect(listed[0]!.paymentDueBy).toBe(bill.dueDate!.toISOString());

      const paying = await admin.post(`/api/order/${bill.id}/pay`);
      expect(paying.body).toMatchObject({ paid: false, authentication: { orderId: bill.id } });
      await sandboxChallenge(admin, paying.body.authentication.clientSecret, 'complete');
      expect((await admin.post(`/api/order/${bill.id}/authenticated`)).body).toMatchObject({ paid: true });

      const after = await walk(new Date(start.getTime() + 4 * DAY), 11, org.email);
      expect(after.map(([, s]) => s)).toEqual([expect.stringMatching(/^Receipt for bill /)]);
      expect(await attemptDays(bill.id, bill.billingDate)).toEqual([0, 1, 3, 3]);
      expect((await billOf(org.id)).status).toBe(BillStatus.ChargePaid);
      expect(await isActive(org.subscriptionId)).toBe(true);
      const again = (await (await org.signIn()).get('/api/subscription/all')).body as {
        paymentDueBy?: string;
      }[];
      expect(again[0]!.paymentDueBy).toBeUndefined();
    },
  );
});

describe('a pay-now click racing a scheduled retry', () => {
  it('charges the bill once, whichever claims it first', async () => {
    const org = await renewing('Race Co', 'pm_card_chargeDeclined', new Date('2026-06-01T10:00:00Z'));
    await tick(new Date('2026-06-01T11:00:00Z'));
    const bill = await billOf(org.id);
    expect(bill.status).toBe(BillStatus.ChargePastDue);
    // A good card arrives without the billing update's own retry; the retry of day 1 is due.
    await t.db
      .update(organizations)
      .set({ paymentMethodId: 'pm_card_visa' })
      .where(eq(organizations.id, org.id));
    clock.set('2026-06-02T10:05:00Z');
    const admin = await org.signIn();
    const [pay] = await Promise.all([admin.post(`/api/order/${bill.id}/pay`), runBillingCycle(deps)]);
    expect([200, 409]).toContain(pay.status);
    if (pay.status === 200) expect(pay.body).toMatchObject({ paid: true });
    const [charged] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM sandbox_charges c JOIN payment_attempts pa ON pa.gateway_key = c.idempotency_key
        WHERE pa.order_id = ${bill.id} AND c.status = 'succeeded'`,
    );
    expect(Number(charged!.n)).toBe(1);
    expect((await billOf(org.id)).status).toBe(BillStatus.ChargePaid);
  });
});

describe('a card that expires before a renewal', () => {
  it('is announced 14 days ahead, once, with the link to update it', async () => {
    const renewsAt = new Date('2026-08-05T10:00:00Z');
    const org = await renewing('Expiring Card Co', 'pm_card_visa', renewsAt);
    await t.db
      .update(organizations)
      .set({ cardBrand: 'visa', cardExpMonth: 7, cardExpYear: 2026 })
      .where(eq(organizations.id, org.id));
    const warnings = () =>
      t.mailer.sent.filter(
        (m) => m.to === org.email && m.subject === 'Your card expires before your next renewal',
      );
    await tick(new Date(renewsAt.getTime() - 15 * DAY));
    expect(warnings()).toHaveLength(0);
    await tick(new Date(renewsAt.getTime() - 14 * DAY));
    await tick(new Date(renewsAt.getTime() - 13 * DAY));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.text).toContain(
      'expires at the end of 07/2026, before your next renewal on August 05, 2026',
    );
    expect(warnings()[0]!.text).toContain('https://store.test/ModifyBillingInfo');
  });
});
