import { BillingMode, BillStatus, designerHostCount, graceEndOf, SubscriptionMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { opsCli } from '../../../test/support/ops-cli';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orderLines, orders, organizations, persons, pricingPlans, subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/organizations';
import { createOfflineLicenseService } from '../licensing';
import { verifyLicenseFile } from '../licensing/verify-license-file';
import { offlineIssuesOf } from './offline-issues.repository';

// docs/design.md §3, §5: an offline license file never outlives payment, and its hosts change once per
// paid period unless the operator allows more.

const DAY = 86_400_000;
const clock = new ManualClock('2026-11-02T12:00:00Z');
let t: TestApp;
let api: Awaited<ReturnType<TestApp['login']>>;
let org: { id: number };
let designers: number;
let publicKey: string;
const out: string[] = [];
const ops = opsCli(() => t, out, { mode: 'demo', publicUrl: 'http://localhost:3000' });

const newSubscription = async (description: string) =>
  makeSubscription(t.db, {
    organizationId: org.id,
    pricingPlanId: await planId(t.db, 'Pro Standard'),
    description,
    billingMode: BillingMode.Monthly,
    numberMachines: 1,
    purchasedAt: new Date(clock.now().getTime() - 20 * DAY),
  });

const enable = (subscriptionId: number, engine: string) =>
  api.post('/api/subscription/make-offline', {
    subscriptionId,
    engineHostNames: engine,
    autoTagHostNames: Array.from({ length: designers }, (_, i) => `${engine}-designer-${i + 1}`).join(';'),
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  org = await makeOrganization(t.db, { name: 'Offline Works Ltd.', adminEmail: 'offline-admin@example.com' });
  // The demo's password, so the admin can sign in.
  const [demo] = await t.db.select().from(persons).where(eq(persons.email, DEMO_EMAIL));
  await t.db
    .update(persons)
    .set({ passwordHash: demo!.passwordHash })
    .where(eq(persons.email, 'offline-admin@example.com'));
  api = await t.login('offline-admin@example.com', DEMO_PASSWORD);
  const [plan] = await t.db.select().from(pricingPlans).where(eq(pricingPlans.planName, 'Pro Standard'));
  designers = designerHostCount(plan!, 0);
  publicKey = (await t.client().get('/api/licensing/public-key')).body.publicKey;
});
afterAll(() => t.close());

describe('changing the hosts of an offline license', () => {
  it('is allowed once per paid period, then 409 until the operator allows one more; the history names the hosts replaced', async () => {
    const sub = await newSubscription('Host changes');
    expect((await enable(sub.id, 'host-a')).status).toBe(200);
    expect((await enable(sub.id, 'host-b')).status).toBe(200);
    const third = await enable(sub.id, 'host-c');
    expect(third.status).toBe(409);
    expect(third.body).toEqual({
      message: SubscriptionMessages.offlineReissueLimit,
      code: 'OFFLINE_REISSUE_LIMIT',
    });
    // The same hosts again are not a change: a fresh file for them.
    expect((await enable(sub.id, 'host-b')).status).toBe(200);

    const code = await ops('offline:allow-reissue', String(sub.id));
    expect([code, out]).toEqual([
      0,
      [`Subscription ${sub.id} may change the hosts of its offline license 1 more time this period.`],
    ]);
    const allowed = await enable(sub.id, 'host-c');
    expect([allowed.status, allowed.body.offlineEngineHosts]).toEqual([200, 'host-c']);
    expect((await enable(sub.id, 'host-d')).status).toBe(409);

    const history = await offlineIssuesOf(t.db, sub.id);
    expect(history.map((h) => [h.engineHosts, h.replacedEngineHosts])).toEqual([
      ['host-a', null],
      ['host-b', 'host-a'],
      ['host-b', null],
      ['host-c', 'host-b'],
    ]);
  });
});

describe('an offline license during an unpaid renewal', () => {
  it('refuses Enable Offline during the grace (409), and after day 14 no file of the subscription verifies', async () => {
    const sub = await newSubscription('Unpaid renewal');
    const renewal = sub.nextBaseBillingDate!;
    const first = await enable(sub.id, 'plant-a');
    expect(first.status).toBe(200);
    const files: string[] = [first.body.offlineLicenseKey];

    // The renewal's charge is declined: the bill is past due, in its 14 days of grace.
    await t.db
      .update(organizations)
      .set({ paymentMethodId: 'pm_card_chargeDeclined' })
      .where(eq(organizations.id, org.id));
    clock.set(new Date(renewal.getTime() + 3_600_000));
    await runBillingCycle({ db: t.db, clock, gateway: t.gateway });
    api = await t.login('offline-admin@example.com', DEMO_PASSWORD); // the old token lapsed unused
    const [bill] = await t.db
      .select({ status: orders.status })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.subscriptionId, sub.id));
    expect(bill?.status).toBe(BillStatus.ChargePastDue);

    const during = await enable(sub.id, 'plant-b');
    expect(during.status).toBe(409);
    expect(during.body).toEqual({
      message: SubscriptionMessages.offlineBillOutstanding,
      code: 'BILL_OUTSTANDING',
    });
    if (during.status === 200) files.push(during.body.offlineLicenseKey);
    // A file signed now (as a renewal's would be) still ends with the last paid period.
    const offline = createOfflineLicenseService({ signingKeys: t.signingKeys });
    await t.db.transaction((tx) => offline.reissueOfflineLicense(tx, sub.id, clock.now()));
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    files.push(row!.offlineLicenseKey!);
    const expiry = graceEndOf(renewal).toISOString();
    for (const file of files) expect(verifyLicenseFile(file, publicKey, clock.now()).expiry).toBe(expiry);

    // Day 14 passes without payment: every file issued for the subscription fails verification.
    clock.set(new Date(graceEndOf(renewal).getTime() + 60_000));
    await runBillingCycle({ db: t.db, clock, gateway: t.gateway });
    for (const file of files) {
      expect(() => verifyLicenseFile(file, publicKey, clock.now())).toThrow('The license file has expired');
    }
  });
});

describe('an offline license billed by invoice', () => {
  it("is refused while the renewal's invoice is open, and follows the newly paid period once the operator records the payment", async () => {
    const invoiced = await makeOrganization(t.db, { name: 'Invoice Offline Ltd.', billedByInvoice: true });
    await t.db
      .update(persons)
      .set({ organizationId: invoiced.id })
      .where(eq(persons.email, 'offline-admin@example.com'));
    api = await t.login('offline-admin@example.com', DEMO_PASSWORD);
    org = invoiced;
    const sub = await newSubscription('Invoiced offline');
    expect((await enable(sub.id, 'inv-a')).status).toBe(200);
    clock.set(new Date(sub.nextBaseBillingDate!.getTime() + 3_600_000));
    await runBillingCycle({ db: t.db, clock, gateway: t.gateway });
    api = await t.login('offline-admin@example.com', DEMO_PASSWORD);
    const [invoice] = await t.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.subscriptionId, sub.id));
    expect(invoice?.status).toBe(BillStatus.OfflineInvoice);
    expect((await enable(sub.id, 'inv-a')).status).toBe(409);

    const code = await ops('invoice:paid', String(invoice!.id));
    expect(code).toBe(0);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    const payload = verifyLicenseFile(row!.offlineLicenseKey!, publicKey, clock.now());
    expect(payload.expiry).toBe(graceEndOf(row!.nextBaseBillingDate!).toISOString());
  });
});
