import { BillingMode, BillStatus, billStatusText } from '@store/core';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { billLinesOf } from '../../../test/support/bills';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders, organizations, paymentAttempts, subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { createOfflineLicenseService } from '../licensing';
import { verifyLicenseFile } from '../licensing/verify-license-file';
import { updateSubscription } from '../subscriptions/subscriptions.repository';
import type { BillingDeps } from './billing-engine';

// The clock is driven through a year for a demo-like organization.

let t: TestApp;
let deps: BillingDeps;
const clock = new ManualClock('2026-01-01T12:00:00Z');

const setCard = (orgId: number, pm: string) =>
  t.db.update(organizations).set({ paymentMethodId: pm }).where(eq(organizations.id, orgId));

const billsOf = (subscriptionId: number) => billLinesOf(t.db, subscriptionId);

const sub = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const iso = (d: Date | null) => d?.toISOString().slice(0, 10);

describe('a year of billing', () => {
  let org: { id: number };
  let monthly31: number;
  let quarterly: number;
  let annual: number;
  let unpaid: number;
  let overage: number;
  let cancelled: number;
  const states: Record<string, { active: boolean; status?: number }> = {};

  beforeAll(async () => {
    t = await createTestApp({ clock });
    deps = { db: t.db, clock, gateway: t.gateway };
    org = await makeOrganization(t.db, {
      name: 'Year Documents Inc.',
      discountBp: 500,
      adminEmail: 'year-admin@example.com',
    });
    const base = { organizationId: org.id };
    monthly31 = (
      await makeSubscription(t.db, {
        ...base,
        pricingPlanId: await planId(t.db, 'Pro Standard'),
        description: 'Monthly on the 31st',
        billingMode: BillingMode.Monthly,
        numberMachines: 2,
        purchasedAt: '2026-01-31T10:00:00Z',
      })
    ).id;
    quarterly = (
      await makeSubscription(t.db, {
        ...base,
        pricingPlanId: await planId(t.db, 'Flex 2,500'),
        description: 'Quarterly Flex',
        billingMode: BillingMode.Quarterly,
        billingModeDiscountBp: 500,
        xtraAutoTags: 1,
        purchasedAt: '2026-01-15T09:00:00Z',
      })
    ).id;
    annual = (
      await makeSubscription(t.db, {
        ...base,
        pricingPlanId: await planId(t.db, 'Artist Studio'),
        description: 'Annual Artist',
        billingMode: BillingMode.Annually,
        billingModeDiscountBp: 1000,
        purchasedAt: '2026-01-10T08:00:00Z',
      })
    ).id;
    unpaid = (
      await makeSubscription(t.db, {
        ...base,
        pricingPlanId: await planId(t.db, '.NET Engine Standard'),
        description: 'Left unpaid',
        billingMode: BillingMode.Monthly,
        numberMachines: 1,
        purchasedAt: '2026-01-05T07:00:00Z',
      })
    ).id;
    overage = (
      await makeSubscription(t.db, {
        ...base,
        pricingPlanId: await planId(t.db, 'Flex 25,000'),
        description: 'Flex with overage',
        billingMode: BillingMode.Monthly,
        maxAdditionalMonthlyChargeCents: 100_00,
        purchasedAt: '2026-01-25T11:00:00Z',
      })
    ).id;
    const c = await makeSubscription(t.db, {
      ...base,
      pricingPlanId: await planId(t.db, 'Artist Solo'),
      description: 'Cancelled',
      billingMode: BillingMode.Monthly,
      purchasedAt: '2026-01-20T06:00:00Z',
    });
    cancelled = c.id;
    await updateSubscription(t.db, c.id, { deactivateDate: c.nextBaseBillingDate });

    // Day by day at noon UTC through to 2027-02-01, with the customer's doings on their days.
    while (clock.now() < new Date('2027-02-01T12:00:00Z')) {
      const today = iso(clock.now());
      if (today === '2026-02-20') await updateSubscription(t.db, overage, { accruedRtusThisMonth: 26_000 });
      if (today === '2026-03-20') await updateSubscription(t.db, overage, { accruedRtusThisMonth: 30_000 });
      if (today === '2026-03-30') await setCard(org.id, 'pm_card_chargeDeclined');
      if (today === '2026-04-02') await setCard(org.id, 'pm_card_visa');
      if (today === '2026-08-04') await setCard(org.id, 'pm_card_chargeDeclined');
      if (today === '2026-08-20') await setCard(org.id, 'pm_card_visa');
      await runBillingCycle(deps);
      if (today === '2026-03-31' || today === '2026-04-01') {
        const last = (await billsOf(monthly31)).at(-1)!;
        states[`monthly31 ${today}`] = { active: (await sub(monthly31)).isActive, status: last.status };
      }
      if (today && today >= '2026-08-05' && today <= '2026-08-20') {
        const last = (await billsOf(unpaid)).at(-1)!;
        states[`unpaid ${today}`] = { active: (await sub(unpaid)).isActive, status: last.status };
      }
      clock.advanceDays(1);
    }
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('renews a monthly subscription anchored on the 31st on each month end', async () => {
    const bills = (await billsOf(monthly31)).filter((b) => b.kind === 'renewal');
    expect(bills.map((b) => b.billingDate.toISOString())).toEqual(
      [
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
        '2026-05-31',
        '2026-06-30',
        '2026-07-31',
        '2026-08-31',
        '2026-09-30',
        '2026-10-31',
        '2026-11-30',
        '2026-12-31',
        '2027-01-31',
      ].map((d) => `${d}T10:00:00.000Z`),
    );
    // Each bill covers the period that follows it, back to back.
    for (const b of bills) expect(b.periodStart).toEqual(b.billingDate);
    for (let i = 1; i < bills.length; i++) expect(bills[i]!.periodStart).toEqual(bills[i - 1]!.periodEnd);
    // Pro Standard $250 × 2 engines × 1 month, 5 % organization discount.
    expect(new Set(bills.map((b) => b.totalCents))).toEqual(new Set([475_00]));
    expect(iso((await sub(monthly31)).nextBaseBillingDate)).toBe('2027-02-28');
  });

  it('renews quarterly and annual subscriptions on their dates, with their frozen cycle discount', async () => {
    const q = (await billsOf(quarterly)).filter((b) => b.kind === 'renewal');
    expect(q.map((b) => iso(b.billingDate))).toEqual([
      '2026-04-15',
      '2026-07-15',
      '2026-10-15',
      '2027-01-15',
    ]);
    // (149 + 39) × 3 = 564.00, less 5 % cycle discount and 5 % organization discount: 509.01.
    expect(q.every((b) => b.totalCents === 509_01)).toBe(true);
    const a = (await billsOf(annual)).filter((b) => b.kind === 'renewal');
    expect(a.map((b) => iso(b.billingDate))).toEqual(['2027-01-10']);
    // 99 × 12 = 1,188.00, less 10 % and 5 %: 1,015.74.
    expect(a[0]!.totalCents).toBe(1_015_74);
    expect(iso(a[0]!.periodEnd)).toBe('2028-01-10');
  });

  it('marks a declined renewal past due, mails the admins, and is paid on a retry once the card works', async () => {
    expect(states['monthly31 2026-03-31']).toEqual({ active: true, status: BillStatus.ChargePastDue });
    expect(billStatusText(states['monthly31 2026-03-31']!.status!)).toBe('Past Due');
    expect(states['monthly31 2026-04-01']).toEqual({ active: true, status: BillStatus.ChargePastDue });
    const march = (await billsOf(monthly31)).find((b) => iso(b.billingDate) === '2026-03-31')!;
    expect(march.status).toBe(BillStatus.ChargePaid);
    // Retried on the schedule's days 1 and 3 (docs/decisions/042): the card works again from April 2.
    expect(march.attempts).toBe(3);
    const attempts = await t.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, march.id))
      .orderBy(asc(paymentAttempts.id));
    expect(attempts.map((a) => [a.gatewayKey, a.status])).toEqual([
      [`bill-${march.id}-attempt-1`, 'declined'],
      [`bill-${march.id}-attempt-2`, 'declined'],
      [`bill-${march.id}-attempt-3`, 'succeeded'],
    ]);
    await t.flushMail();
    const mail = t.mailer.sent.find((m) => m.subject === `Payment failed for order ${march.id}`);
    expect(mail?.to).toBe('year-admin@example.com');
    expect((await sub(monthly31)).isActive).toBe(true);
  });

  it('deactivates a subscription left unpaid on day 14 and not before, and nothing else of the organization', async () => {
    for (let d = 5; d <= 18; d++) {
      const day = `2026-08-${String(d).padStart(2, '0')}`;
      expect(states[`unpaid ${day}`], day).toEqual({ active: true, status: BillStatus.ChargePastDue });
    }
    expect(states['unpaid 2026-08-19']).toEqual({ active: false, status: BillStatus.UnPaid });
    const s = await sub(unpaid);
    expect(s.isActive).toBe(false);
    expect(s.deactivateDate?.toISOString()).toBe('2026-08-19T07:00:00.000Z');
    const bills = await billsOf(unpaid);
    expect(bills.at(-1)!.status).toBe(BillStatus.UnPaid);
    expect(billStatusText(bills.at(-1)!.status)).toBe('Un-Paid');
    // Charged on Aug 5, then retried on the schedule's days 1, 3, 5, 7, 10, 13: Aug 6, 8, 10, 12, 15, 18.
    expect(bills.at(-1)!.attempts).toBe(7);
    expect(
      bills
        .filter((b) => b.kind === 'renewal')
        .map((b) => iso(b.billingDate))
        .at(-1),
    ).toBe('2026-08-05');
    for (const other of [monthly31, quarterly, annual, overage])
      expect((await sub(other)).isActive).toBe(true);
  });

  it('bills overage monthly, capped at the maximum, never discounted, and rolls the counters over', async () => {
    const bills = (await billsOf(overage)).filter((b) => b.kind === 'overage');
    // The plan's 25,000 base RTUs are paid by its fee (docs/design.md §3): 26,000 used is 1,000 over × 5¢ =
    // $50 in the month ending Feb 25; 30,000 is 5,000 over × 5¢ = $250, capped at $100 in March.
    expect(bills.map((b) => [iso(b.billingDate), b.totalCents, b.status])).toEqual([
      ['2026-02-25', 50_00, BillStatus.ChargePaid],
      ['2026-03-25', 100_00, BillStatus.ChargePaid],
    ]);
    expect(bills[1]!.description).toContain('capped');
    expect(iso(bills[0]!.periodStart)).toBe('2026-01-25');
    const s = await sub(overage);
    // Each new month starts from nothing used, with the base RTUs counted as billed.
    expect([s.accruedRtusThisMonth, s.billedRtusThisMonth, s.overageChargesPaidThisMonthCents]).toEqual([
      0, 25_000, 0,
    ]);
    expect(iso(s.nextOverageBillingDate)).toBe('2027-02-25');
  });

  it('ends a cancelled subscription at its deactivateDate without renewing it', async () => {
    expect(await billsOf(cancelled)).toEqual([]);
    const s = await sub(cancelled);
    expect(s.isActive).toBe(false);
    expect(iso(s.deactivateDate)).toBe('2026-02-20');
  });

  it('gives every bill the status text its state calls for', async () => {
    const all = await t.db.select().from(orders).where(eq(orders.organizationId, org.id));
    const texts = new Map<string, number>();
    for (const o of all) texts.set(billStatusText(o.status), (texts.get(billStatusText(o.status)) ?? 0) + 1);
    expect(Object.fromEntries(texts)).toEqual({ Paid: all.length - 1, 'Un-Paid': 1 });
    // The ledger: one successful charge per paid bill.
    const r = (await t.db.execute(sql`SELECT count(*)::int AS n FROM sandbox_charges c
      JOIN payment_attempts pa ON pa.gateway_key = c.idempotency_key JOIN orders o ON o.id = pa.order_id
      WHERE c.status = 'succeeded' AND o.organization_id = ${org.id}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(r.rows[0]!.n)).toBe(all.filter((o) => o.status === BillStatus.ChargePaid).length);
  });
});

describe('offline licenses at renewal', () => {
  let t2: TestApp;
  const clock2 = new ManualClock('2026-01-10T12:00:00Z');
  afterAll(() => t2?.close());

  it('issues a new offline license file, valid to the newly paid period + 14 days, when a renewal is paid', async () => {
    t2 = await createTestApp({ clock: clock2 });
    const org2 = await makeOrganization(t2.db, { name: 'Offline Renewals Ltd.' });
    const s = await makeSubscription(t2.db, {
      organizationId: org2.id,
      pricingPlanId: await planId(t2.db, 'Pro Standard'),
      description: 'Air-gapped engines',
      billingMode: BillingMode.Monthly,
      numberMachines: 1,
      purchasedAt: '2026-01-10T12:00:00Z',
    });
    await updateSubscription(t2.db, s.id, {
      isOfflineEnabled: true,
      offlineEngineHosts: 'engine-1',
      offlineAutoTagHosts: 'designer-1',
    });
    const offline = createOfflineLicenseService({ signingKeys: t2.signingKeys });
    await offline.reissueOfflineLicense(t2.db, s.id, clock2.now());
    const keys = await t2.signingKeys(t2.db);
    const fileOf = async () =>
      verifyLicenseFile(
        (await t2.db.select().from(subscriptions).where(eq(subscriptions.id, s.id)))[0]!.offlineLicenseKey!,
        keys.publicKeyPem,
      );
    expect((await fileOf()).expiry?.slice(0, 10)).toBe('2026-02-24');

    clock2.set('2026-02-10T12:00:00Z');
    await runBillingCycle({ db: t2.db, clock: clock2, gateway: t2.gateway });
    const renewed = await fileOf();
    expect(renewed.expiry?.slice(0, 10)).toBe('2026-03-24');
    expect(renewed.engineHosts).toEqual(['engine-1']);
  });
});
