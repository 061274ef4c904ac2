import { BillingMode } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ManualClock } from '../../lib/clock';
import { createSubscriptionPeriodsService } from '../subscriptions';

// A decrease saved in the editor waits for the renewal (docs/design.md §3); from then on the month's
// usage is billed beyond the new plan's base RTUs (decision 010), as after an immediate change.

const clock = new ManualClock('2026-11-02T12:00:00Z');
let t: TestApp;
let api: Awaited<ReturnType<TestApp['login']>>;
let orgId: number;
let login: () => ReturnType<TestApp['login']>;
/** Signed in afresh after the clock moved weeks on (a session does not last that long). */
const signIn = async () => {
  api = await login();
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await organizationWithAdmin(t, 'Downsizing Ltd.', 'downsizing-admin@example.com');
  orgId = admin.org.id;
  login = admin.signIn;
  await signIn();
});
afterAll(() => t.close());

/** The editor's save of another plan, everything else as read. */
const choosePlan = async (id: number, planName: string) => {
  const s = (await api.get(`/api/subscription/${id}`)).body;
  return api.put(`/api/subscription/${id}`, {
    description: s.description,
    pricingPlanId: await planId(t.db, planName),
    maxAdditionalMonthlyCharge: s.maxAdditionalMonthlyCharge,
    xtraAutoTags: s.xtraAutoTags,
    numberMachines: s.numberMachines,
    version: s.version,
  });
};

const runBilling = () => runBillingCycle({ db: t.db, clock, gateway: t.gateway });

describe('a downgrade pending to the renewal', () => {
  it('bills the next month beyond the new plan’s base RTUs: 20,000 RTUs on Flex 2,500 are 17,500 over', async () => {
    const sub = await makeSubscription(t.db, {
      organizationId: orgId,
      pricingPlanId: await planId(t.db, 'Flex 25,000'),
      description: 'Shrinking Flex',
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 2_000_00,
      purchasedAt: '2026-10-23T12:00:00Z',
    });
    const saved = await choosePlan(sub.id, 'Flex 2,500');
    expect(saved.status).toBe(200);
    expect(saved.body.chargedCents ?? 0).toBe(0);
    let s = (await api.get(`/api/subscription/${sub.id}`)).body;
    expect(s.planName).toBe('Flex 25,000');

    // Saving the same terms again changes nothing, and the answer still says they wait for the renewal.
    const again = await choosePlan(sub.id, 'Flex 2,500');
    expect([again.status, again.body.pending, again.body.subscription.planName]).toEqual([
      200,
      true,
      'Flex 25,000',
    ]);

    // The renewal puts the pending plan in force.
    clock.set('2026-11-23T13:00:00Z');
    await runBilling();
    await signIn();
    s = (await api.get(`/api/subscription/${sub.id}`)).body;
    expect([s.planName, s.billedRtusThisMonth]).toEqual(['Flex 2,500', 2_500]);

    const report = await t.client().post('/api/licensing/usage', {
      licenseKey: sub.apiKey1,
      reports: [
        { transactionId: 'down-1', hostname: 'down-01', pages: 20_000, time: clock.now().toISOString() },
      ],
    });
    expect(report.status).toBe(200);

    // The month ends: 17,500 RTUs beyond Flex 2,500's base, at 8¢, on an overage bill.
    clock.set('2026-12-23T13:00:00Z');
    await runBilling();
    await signIn();
    const history = (await api.get('/api/order/history')).body as { total: number; billingDate: string }[];
    expect(history.filter((b) => b.billingDate.startsWith('2026-12-23')).map((b) => b.total)).toContain(
      1_400,
    );
  });
});

describe('a renewal on the day a month of usage ends', () => {
  it('waits until that month is billed at the plan in force in it, whichever step of a pass reaches it first', async () => {
    clock.set('2026-12-24T12:00:00Z');
    const sub = await makeSubscription(t.db, {
      organizationId: orgId,
      pricingPlanId: await planId(t.db, 'Flex 100,000'),
      description: 'Month-end Flex',
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 5_000_00,
      purchasedAt: '2026-12-24T12:00:00Z',
    });
    await signIn();
    const saved = await choosePlan(sub.id, 'Flex 25,000');
    expect(saved.body.pending).toBe(true);
    const report = await t.client().post('/api/licensing/usage', {
      licenseKey: sub.apiKey1,
      reports: [
        { transactionId: 'end-1', hostname: 'end-01', pages: 60_000, time: clock.now().toISOString() },
      ],
    });
    expect(report.status).toBe(200);

    // The month ends with the renewal. A pass's renewal step that finds the subscription first (its
    // overage step skipped the row while another process held it, or ran a moment before the end)
    // leaves it to the overage step.
    clock.set('2027-01-24T12:00:00Z');
    const periods = createSubscriptionPeriodsService(t.deps);
    const claimed = await t.db.transaction((tx) => periods.claimDueRenewals(tx, clock.now(), 0, 100));
    expect(claimed.due.map((d) => d.id)).not.toContain(sub.id);

    // The pass: 60,000 RTUs are within Flex 100,000, so no overage; the renewal is at Flex 25,000.
    await runBilling();
    await signIn();
    const after = (await api.get(`/api/subscription/${sub.id}`)).body;
    expect([after.planName, after.billedRtusThisMonth, after.accruedRtusThisMonth]).toEqual([
      'Flex 25,000',
      25_000,
      0,
    ]);
    const history = (await api.get('/api/order/history')).body as { total: number; billingDate: string }[];
    expect(history.filter((b) => b.billingDate.startsWith('2027-01-24')).map((b) => b.total)).toEqual([899]);
  });
});
