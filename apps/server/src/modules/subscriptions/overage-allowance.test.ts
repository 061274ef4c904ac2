import {
  BillingMode,
  overageFigureCents,
  overageInputOf,
  SubscriptionMessages,
  type SubscriptionUsageCounters,
} from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscription, planId } from '../../../test/support/billing';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/design.md §3: the plan fee pays for its base RTUs; the editor's figures read the month's counters.

let t: TestApp;
let api: Awaited<ReturnType<TestApp['login']>>;
let org: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await organizationWithAdmin(t, 'Allowance Ltd.', 'allowance-admin@example.com');
  org = admin.org;
  api = await admin.signIn();
});
afterAll(() => t.close());

/** The editor's overage figure, from the subscription as the API answers it. */
const figureOf = (s: SubscriptionUsageCounters) => overageFigureCents(overageInputOf(s));

/** A monthly Flex 2,500 bought ten days ago: the month's usage so far is on its counters. */
const flexBoughtTenDaysAgo = async (description: string, maxAdditionalMonthlyChargeCents: number) =>
  makeSubscription(t.db, {
    organizationId: org.id,
    pricingPlanId: await planId(t.db, 'Flex 2,500'),
    description,
    billingMode: BillingMode.Monthly,
    maxAdditionalMonthlyChargeCents,
    purchasedAt: new Date(t.clock.now().getTime() - 10 * 86_400_000),
  });

describe('the overage allowance in the editor', () => {
  it('counts only RTUs beyond the base, and an upgrade mid-month moves the allowance to the new plan', async () => {
    const sub = await flexBoughtTenDaysAgo('Allowance Flex', 100_00);
    const report = (transactionId: string, pages: number) =>
      t.client().post('/api/licensing/usage', {
        licenseKey: sub.apiKey1,
        reports: [{ transactionId, hostname: 'allowance-01', pages, time: t.clock.now().toISOString() }],
      });
    expect((await report('a-1', 2_000)).status).toBe(200);
    let s = (await api.get(`/api/subscription/${sub.id}`)).body;
    expect([s.accruedRtusThisMonth, s.billedRtusThisMonth, figureOf(s)]).toEqual([2_000, 2_500, 0]);
    await report('a-2', 1_000); // 3,000 used: 500 over × 8¢
    s = (await api.get(`/api/subscription/${sub.id}`)).body;
    expect(figureOf(s)).toBe(500 * 8);

    const saved = await api.put(`/api/subscription/${sub.id}`, {
      description: s.description,
      pricingPlanId: await planId(t.db, 'Flex 25,000'),
      maxAdditionalMonthlyCharge: s.maxAdditionalMonthlyCharge,
      xtraAutoTags: s.xtraAutoTags,
      numberMachines: s.numberMachines,
      version: s.version,
    });
    expect(saved.status).toBe(200);
    s = (await api.get(`/api/subscription/${sub.id}`)).body;
    expect([s.planName, s.billedRtusThisMonth, figureOf(s)]).toEqual(['Flex 25,000', 25_000, 0]);
  });

  it("sets the Max Overages minimum and licensing's OVER_CAP from the RTUs beyond the base only", async () => {
    const sub = await flexBoughtTenDaysAgo('Capped Flex', 0);
    const validate = async () =>
      (await t.client().post('/api/licensing/validate', { licenseKey: sub.apiKey1 })).body.code;
    await t.client().post('/api/licensing/usage', {
      licenseKey: sub.apiKey1,
      reports: [
        { transactionId: 'cap-1', hostname: 'cap-01', pages: 2_400, time: t.clock.now().toISOString() },
      ],
    });
    // Within the 2,500 the fee paid for: nothing accrued, so a cap of $0 is no obstacle.
    expect(await validate()).toBe('VALID');

    await t.client().post('/api/licensing/usage', {
      licenseKey: sub.apiKey1,
      reports: [
        { transactionId: 'cap-2', hostname: 'cap-01', pages: 600, time: t.clock.now().toISOString() },
      ],
    });
    // 3,000 used: 500 over × 8¢ = $40.00 accrued, over the $0 cap.
    expect(await validate()).toBe('OVER_CAP');
    const s = (await api.get(`/api/subscription/${sub.id}`)).body;
    const save = (cap: number) =>
      api.put(`/api/subscription/${sub.id}`, {
        description: s.description,
        pricingPlanId: s.pricingPlanId,
        maxAdditionalMonthlyCharge: cap,
        xtraAutoTags: s.xtraAutoTags,
        numberMachines: s.numberMachines,
        version: s.version,
      });
    const low = await save(39.99);
    expect(low.status).toBe(400);
    expect(refusal(low.body)).toBe(
      `maxAdditionalMonthlyCharge: ${SubscriptionMessages.maxOveragesBelowAccrued('$40.00')}`,
    );
    expect((await save(40)).status).toBe(200);
    expect(await validate()).toBe('VALID');
  });
});
