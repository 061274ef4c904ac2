import {
  BillStatus,
  graceEndOf,
  licenseId,
  prorationAttemptKey,
  RoleMessages,
  SubscriptionMessages,
} from '@store/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSubAccount } from '../../../test/support/demo-accounts';
import { refusal } from '../../../test/support/refusal';
import { type EditableSubscription, editBody } from '../../../test/support/subscription-edit';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { machineActivations, orders, organizations, subscriptions } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_SUB_ACCOUNT, DEMO_USER_EMAIL, PERPETUAL_EMAIL } from '../../seed/organizations';
import { verifyLicenseFile } from '../licensing/verify-license-file';

type Api = Awaited<ReturnType<TestApp['loginDemo']>>;
type Sub = EditableSubscription & {
  deactivateDate: string | null;
  ownerName?: string;
  organizationId: number;
  [key: string]: unknown;
};

let t: TestApp;
let demo: Api;
let europe: Api;
let perpetual: Api;
let all: Sub[];
const byName = (name: string) => {
  const s = all.find((x) => x.description === name);
  if (!s) throw new Error(`no seeded subscription ${name}`);
  return s;
};
const fresh = async (id: number) => (await demo.get(`/api/subscription/${id}`)).body as Sub;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.loginDemo();
  europe = await loginSubAccount(t);
  perpetual = await t.login(PERPETUAL_EMAIL, DEMO_PASSWORD);
  all = (await demo.get('/api/subscription/all')).body;
});
afterAll(() => t.close());

describe('GET /api/subscription/all and /api/subscription/:id', () => {
  it("lists the organization's own subscriptions and its sub-accounts', with the owner's name on those", async () => {
    const names = all.map((s) => s.description);
    expect(names).toEqual(
      expect.arrayContaining([
        'Production Engines',
        'Flex Reporting',
        'Legacy Batch Server',
        'Plant Floor (air-gapped)',
        'Classic Engine',
        'Job Manager',
        'Template Studio',
        'Amsterdam Print Hub',
      ]),
    );
    expect(names).not.toContain('Print Works Engine');
    expect(names).not.toContain('QA Cancel Me');
    expect(byName('Amsterdam Print Hub').ownerName).toBe(DEMO_SUB_ACCOUNT);
    expect(byName('Production Engines')).not.toHaveProperty('ownerName');
    const pro = byName('Production Engines');
    expect(pro).toMatchObject({
      productName: 'Pro',
      planName: 'Pro Business',
      numberMachines: 3,
      xtraAutoTags: 2,
      billingModeDiscount: 0.1,
      licenseId: licenseId(pro.subscriptionId),
      version: 1,
      isActive: true,
      deactivateDate: null,
      organizationDiscount: 0.05,
      pendingChange: null,
    });
    expect((pro.plan as { monthlyFee: number }).monthlyFee).toBe(450);
    expect(byName('Flex Reporting').maxAdditionalMonthlyCharge).toBe(250);
    expect(byName('Legacy Batch Server').deactivateDate).toBe(
      byName('Legacy Batch Server').nextBaseBillingDate,
    );
  });

  it("never shows a parent's subscriptions to a sub-account", async () => {
    const res = await europe.get('/api/subscription/all');
    expect(res.status).toBe(200);
    expect(res.body.map((s: Sub) => s.description)).toEqual(['Amsterdam Print Hub']);
    expect(res.body[0]).not.toHaveProperty('ownerName');
    expect(
      (await europe.get(`/api/subscription/${byName('Production Engines').subscriptionId}`)).status,
    ).toBe(404);
  });

  it("answers one subscription, a sub-account's too, and 404 for another organization's", async () => {
    const own = await demo.get(`/api/subscription/${byName('Flex Reporting').subscriptionId}`);
    expect(own.status).toBe(200);
    expect(own.body.description).toBe('Flex Reporting');
    const sub = await demo.get(`/api/subscription/${byName('Amsterdam Print Hub').subscriptionId}`);
    expect(sub.body.ownerName).toBe(DEMO_SUB_ACCOUNT);
    const theirs = (await perpetual.get('/api/subscription/all')).body as Sub[];
    const res = await demo.get(`/api/subscription/${theirs[0]!.subscriptionId}`);
    expect(res.status).toBe(404);
    expect(refusal(res.body)).toBe('Subscription not found.');
    expect((await demo.get('/api/subscription/999999')).status).toBe(404);
  });

  it('refuses a malformed id with 400 and signed-out callers with 401', async () => {
    const res = await demo.get('/api/subscription/abc');
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toMatch(/^id: /);
    expect((await t.client().get('/api/subscription/all')).status).toBe(401);
  });

  it('offers the available plans of the product, and the retired plan only to the subscription using it', async () => {
    const classic = await demo.get(`/api/subscription/${byName('Classic Engine').subscriptionId}/plans`);
    expect(classic.body.map((p: { planName: string }) => p.planName)).toEqual([
      'Pro Standard',
      'Pro Business',
      'Pro Enterprise',
      'Pro Classic',
      'Pro Fleet',
    ]);
    expect(classic.body.find((p: { planName: string }) => p.planName === 'Pro Classic').isAvailable).toBe(
      false,
    );
    const other = await demo.get(`/api/subscription/${byName('Production Engines').subscriptionId}/plans`);
    expect(other.body.map((p: { planName: string }) => p.planName)).not.toContain('Pro Classic');
  });
});

describe('GET api/organization/subaccountname/:organizationId and /api/perpetualstorelicense/:id', () => {
  it("names the caller's own sub-accounts only", async () => {
    const europeSub = byName('Amsterdam Print Hub');
    const res = await demo.get(`/api/organization/subaccountname/${europeSub.organizationId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ organizationId: europeSub.organizationId, companyName: DEMO_SUB_ACCOUNT });
    expect(
      (await europe.get(`/api/organization/subaccountname/${byName('Flex Reporting').organizationId}`))
        .status,
    ).toBe(404);
    expect(
      (await demo.get(`/api/organization/subaccountname/${byName('Flex Reporting').organizationId}`)).status,
    ).toBe(404);
  });

  it("answers a perpetual account's license details, 404 for anyone else or a subscription that is not perpetual", async () => {
    const list = (await perpetual.get('/api/subscription/all')).body as Sub[];
    expect(list.map((s) => s.description)).toEqual(['Print Works Engine', 'Invoice Service (.NET)']);
    expect(list.every((s) => s.isPerpetualLicense)).toBe(true);
    const res = await perpetual.get(`/api/perpetualstorelicense/${list[0]!.subscriptionId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      description: 'Pro 2024 perpetual license',
      version: '2024.2',
      product: 1,
      numMachines: 2,
      numCpus: 8,
    });
    expect((await demo.get(`/api/perpetualstorelicense/${list[0]!.subscriptionId}`)).status).toBe(404);
    expect(
      (await demo.get(`/api/perpetualstorelicense/${byName('Production Engines').subscriptionId}`)).status,
    ).toBe(404);
  });
});

describe('PUT /api/subscription/:id', () => {
  it('saves name and max overages at once, moving the version on', async () => {
    const s = await fresh(byName('Template Studio').subscriptionId);
    const res = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { description: 'Template Studio 2', maxAdditionalMonthlyCharge: 75.5 }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ chargedCents: 0, orderId: null, pending: false });
    expect(res.body.subscription).toMatchObject({
      description: 'Template Studio 2',
      maxAdditionalMonthlyCharge: 75.5,
      version: s.version + 1,
    });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const s = await fresh(byName('Template Studio').subscriptionId);
    const res = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { description: 'Stale', version: s.version - 1 }),
    );
    expect(res.status).toBe(409);
    expect(refusal(res.body)).toBe(
      'This subscription was changed by someone else. Reload to see the latest values.',
    );
    expect((await fresh(s.subscriptionId)).description).toBe('Template Studio 2');
  });

  it('charges an increase now, prorated to the end of the paid period, with a proration bill', async () => {
    const s = await fresh(byName('Production Engines').subscriptionId);
    const res = await demo.put(`/api/subscription/${s.subscriptionId}`, editBody(s, { numberMachines: 4 }));
    expect(res.status).toBe(200);
    // Annual Pro Business: 450 × 12 × 0.9 (cycle) × 0.95 (organization) = 4,617.00 per engine-year.
    const period =
      new Date(s.nextBaseBillingDate!).getTime() - new Date(s.currentPeriodStart as string).getTime();
    const remaining = new Date(s.nextBaseBillingDate!).getTime() - t.clock.now().getTime();
    expect(res.body.chargedCents).toBe(Math.round((461_700 * remaining) / period));
    expect(res.body.subscription).toMatchObject({
      numberMachines: 4,
      version: s.version + 1,
      pendingChange: null,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(order).toMatchObject({
      kind: 'proration',
      status: BillStatus.ChargePaid,
      totalCents: res.body.chargedCents,
    });
    const lines = await queryRows<{ amount_cents: number }>(
      t.db,
      sql`SELECT amount_cents FROM order_lines WHERE order_id = ${order!.id}`,
    );
    expect(lines.map((l) => l.amount_cents)).toEqual([res.body.chargedCents]);
    const charges = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM sandbox_charges WHERE idempotency_key = ${prorationAttemptKey(order!.id)}`,
    );
    expect(charges[0]!.n).toBe(1);
  });

  it("refuses an increase with the gateway's message when the card declines, and changes nothing", async () => {
    const s = await fresh(byName('Production Engines').subscriptionId);
    const orgId = s.organizationId;
    await t.db
      .update(organizations)
      .set({ paymentMethodId: 'pm_card_chargeDeclined' })
      .where(eq(organizations.id, orgId));
    try {
      const res = await demo.put(`/api/subscription/${s.subscriptionId}`, editBody(s, { xtraAutoTags: 5 }));
      expect(res.status).toBe(402);
      expect(refusal(res.body)).toBe('Your card was declined.');
      const after = await fresh(s.subscriptionId);
      expect(after).toMatchObject({ xtraAutoTags: s.xtraAutoTags, version: s.version });
      const pending = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.organizationId, orgId), eq(orders.status, BillStatus.ChargePending)));
      expect(pending).toEqual([]);
    } finally {
      await t.db
        .update(organizations)
        .set({ paymentMethodId: 'pm_card_visa' })
        .where(eq(organizations.id, orgId));
    }
  });

  it('keeps a decrease for the next renewal, and the current terms clear it again', async () => {
    const s = await fresh(byName('Production Engines').subscriptionId);
    const res = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { numberMachines: 2, xtraAutoTags: 0 }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ chargedCents: 0, pending: true });
    expect(res.body.subscription).toMatchObject({
      numberMachines: s.numberMachines,
      xtraAutoTags: s.xtraAutoTags,
      pendingChange: {
        numberMachines: 2,
        xtraAutoTags: 0,
        planName: 'Pro Business',
        effectiveDate: s.nextBaseBillingDate,
      },
    });
    const back = await demo.put(`/api/subscription/${s.subscriptionId}`, editBody(res.body.subscription));
    expect(back.body.subscription.pendingChange).toBeNull();
  });

  it('validates against the plan: engines, designers, plans of the product, the grandfathered plan', async () => {
    const classic = await fresh(byName('Classic Engine').subscriptionId);
    const keep = await demo.put(
      `/api/subscription/${classic.subscriptionId}`,
      editBody(classic, { description: 'Classic Engine (kept)' }),
    );
    expect(keep.status).toBe(200);
    const pro = await fresh(byName('Production Engines').subscriptionId);
    const cases: [Partial<Sub>, string][] = [
      [{ numberMachines: 0 }, 'numberMachines: Number Of Engines must be at least 1'],
      [{ pricingPlanId: classic.pricingPlanId }, `pricingPlanId: ${SubscriptionMessages.planNotOffered}`],
      [
        { pricingPlanId: byName('Flex Reporting').pricingPlanId },
        `pricingPlanId: ${SubscriptionMessages.planNotOffered}`,
      ],
      [{ pricingPlanId: 999_999 }, `pricingPlanId: ${SubscriptionMessages.planNotOffered}`],
    ];
    for (const [patch, message] of cases) {
      const res = await demo.put(`/api/subscription/${pro.subscriptionId}`, editBody(pro, patch));
      expect(res.status, message).toBe(400);
      expect(refusal(res.body)).toBe(message);
    }
    const artist = await fresh(byName('Template Studio').subscriptionId);
    const designers = await demo.put(
      `/api/subscription/${artist.subscriptionId}`,
      editBody(artist, { xtraAutoTags: 1 }),
    );
    expect(refusal(designers.body)).toBe(`xtraAutoTags: ${SubscriptionMessages.noExtraDesigners}`);
    const engines = await demo.put(
      `/api/subscription/${artist.subscriptionId}`,
      editBody(artist, { numberMachines: 2 }),
    );
    expect(refusal(engines.body)).toBe(`numberMachines: ${SubscriptionMessages.enginesOnlyForPro}`);
  });

  it('refuses max overages below the overage already accrued this month', async () => {
    const flex = await fresh(byName('Flex Reporting').subscriptionId);
    const res = await demo.put(
      `/api/subscription/${flex.subscriptionId}`,
      editBody(flex, { maxAdditionalMonthlyCharge: 1 }),
    );
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toMatch(
      /^maxAdditionalMonthlyCharge: Max overages cannot be lower than the overage already accrued this month \(\$[\d.,]+\)\.$/,
    );
  });

  it.each([
    [{ description: '' }, 'description: Subscription Name is required'],
    [{ maxAdditionalMonthlyCharge: null }, 'maxAdditionalMonthlyCharge: Max Overages is required'],
    [{ maxAdditionalMonthlyCharge: -1 }, 'maxAdditionalMonthlyCharge: Max overages must be at least 0'],
    [{ numberMachines: 'two' }, 'numberMachines: Number of engines must be a number'],
    [{ xtraAutoTags: 1.5 }, 'xtraAutoTags: Extra designers must be a whole number'],
    [{ version: undefined }, 'version: Version must be a number'],
    [{ surprise: true }, 'Unrecognized key: "surprise"'],
  ])('refuses %j with 400 and changes nothing', async (patch, message) => {
    const s = await fresh(byName('Job Manager').subscriptionId);
    const res = await demo.put(`/api/subscription/${s.subscriptionId}`, {
      ...editBody(s, { description: 'Changed' }),
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toContain(message);
    expect(await fresh(s.subscriptionId)).toEqual(s);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const s = byName('Job Manager');
    const res = await demo.put(`/api/subscription/${s.subscriptionId}`, '{"description": ');
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe('The request body is not valid JSON.');
  });
});

describe('who may change a subscription (docs/spec.md §6)', () => {
  it("keeps a sub-account's subscription read-only from the parent: 403 naming the owner", async () => {
    const s = byName('Amsterdam Print Hub');
    const message = `This subscription belongs to ${DEMO_SUB_ACCOUNT}`;
    const put = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { description: 'Mine now' }),
    );
    expect(put.status).toBe(403);
    expect(refusal(put.body)).toBe(message);
    expect((await demo.delete(`/api/subscription/${s.subscriptionId}`)).body.message).toBe(message);
    expect((await demo.get(`/api/subscription/${s.subscriptionId}/flush-keys`)).status).toBe(403);
    const offline = await demo.post('/api/subscription/make-offline', {
      subscriptionId: s.subscriptionId,
      engineHostNames: '',
      autoTagHostNames: 'a',
    });
    expect(offline.status).toBe(403);
    expect((await demo.get(`/api/subscription/${s.subscriptionId}/detailedFlexUsage`)).status).toBe(403);
    expect((await fresh(s.subscriptionId)).description).toBe('Amsterdam Print Hub');
    // Its own admin can.
    const own = await europe.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { maxAdditionalMonthlyCharge: 120 }),
    );
    expect(own.status).toBe(200);
  });

  it("answers 404 for another organization's subscription, whatever the action", async () => {
    const theirs = ((await perpetual.get('/api/subscription/all')).body as Sub[])[0]!;
    expect((await demo.put(`/api/subscription/${theirs.subscriptionId}`, editBody(theirs))).status).toBe(404);
    expect((await demo.delete(`/api/subscription/${theirs.subscriptionId}`)).status).toBe(404);
    expect((await demo.get(`/api/subscription/${theirs.subscriptionId}/flush-keys`)).status).toBe(404);
    expect((await demo.get(`/api/subscription/${theirs.subscriptionId}/detailedFlexUsage`)).status).toBe(404);
    expect((await demo.get(`/api/subscription/${theirs.subscriptionId}/offline-license`)).status).toBe(404);
    const offline = await demo.post('/api/subscription/make-offline', {
      subscriptionId: theirs.subscriptionId,
      engineHostNames: 'a;b',
      autoTagHostNames: 'c',
    });
    expect(offline.status).toBe(404);
  });

  it('lets plain users look but not change (403)', async () => {
    const jane = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect((await jane.get('/api/subscription/all')).status).toBe(200);
    const s = await fresh(byName('Job Manager').subscriptionId);
    const res = await jane.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { description: 'By Jane' }),
    );
    expect(res.status).toBe(403);
    expect(refusal(res.body)).toBe(RoleMessages.required('licenses'));
    expect((await jane.delete(`/api/subscription/${s.subscriptionId}`)).status).toBe(403);
    expect(
      (await jane.get(`/api/subscription/${byName('Production Engines').subscriptionId}/flush-keys`)).status,
    ).toBe(403);
    expect(
      (await jane.get(`/api/subscription/${byName('Flex Reporting').subscriptionId}/detailedFlexUsage`))
        .status,
    ).toBe(200);
  });

  it('refuses any change of an offline-enabled subscription with 409', async () => {
    const s = await fresh(byName('Plant Floor (air-gapped)').subscriptionId);
    const res = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { description: 'Renamed' }),
    );
    expect(res.status).toBe(409);
    expect(refusal(res.body)).toBe(SubscriptionMessages.offlineReadOnly);
  });
});

describe('DELETE /api/subscription/:id (cancel)', () => {
  it('sets the deactivate date to the end of the paid period; then nothing can be changed (409)', async () => {
    const s = await fresh(byName('Job Manager').subscriptionId);
    const res = await demo.delete(`/api/subscription/${s.subscriptionId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deactivateDate: s.nextBaseBillingDate,
      isActive: true,
      version: s.version + 1,
    });
    const again = await demo.delete(`/api/subscription/${s.subscriptionId}`);
    expect(again.status).toBe(409);
    expect(refusal(again.body)).toBe(SubscriptionMessages.cancelledReadOnly);
    const put = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(res.body, { description: 'Back' }),
    );
    expect(put.status).toBe(409);
    expect(refusal(put.body)).toBe(SubscriptionMessages.cancelledReadOnly);
    const offline = await demo.post('/api/subscription/make-offline', {
      subscriptionId: s.subscriptionId,
      engineHostNames: 'm1',
      autoTagHostNames: 'd1;d2',
    });
    expect(offline.status).toBe(409);
    const legacy = byName('Legacy Batch Server');
    const flush = await demo.get(`/api/subscription/${legacy.subscriptionId}/flush-keys`);
    expect(flush.status).toBe(409);
    expect(refusal(flush.body)).toBe(SubscriptionMessages.cancelledReadOnly);
  });

  it('refuses to cancel a perpetual license', async () => {
    const s = ((await perpetual.get('/api/subscription/all')).body as Sub[])[0]!;
    const res = await perpetual.delete(`/api/subscription/${s.subscriptionId}`);
    expect(res.status).toBe(409);
    expect(refusal(res.body)).toBe(SubscriptionMessages.perpetualNoCancel);
  });
});

describe('GET /api/subscription/:id/flush-keys', () => {
  it('removes every machine activation of a Pro key', async () => {
    const s = byName('Production Engines');
    const before = await t.db
      .select()
      .from(machineActivations)
      .where(eq(machineActivations.subscriptionId, s.subscriptionId));
    expect(before.length).toBe(5);
    const res = await demo.get(`/api/subscription/${s.subscriptionId}/flush-keys`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ flushed: 5 });
    const after = await t.db
      .select()
      .from(machineActivations)
      .where(eq(machineActivations.subscriptionId, s.subscriptionId));
    expect(after).toEqual([]);
  });

  it('refuses keys that cannot be flushed (Flex, Artist)', async () => {
    const res = await demo.get(`/api/subscription/${byName('Flex Reporting').subscriptionId}/flush-keys`);
    expect(res.status).toBe(409);
    expect(refusal(res.body)).toBe(SubscriptionMessages.cannotFlush);
  });
});

describe('POST /api/subscription/make-offline and the license file', () => {
  it('refuses wrong host counts and bad bodies with 400, changing nothing', async () => {
    const s = await fresh(byName('Classic Engine').subscriptionId);
    const cases: [unknown, string][] = [
      [
        { subscriptionId: s.subscriptionId, engineHostNames: '', autoTagHostNames: 'd1' },
        'engineHostNames: Engine hosts: expected 1 host name, got 0',
      ],
      [
        { subscriptionId: s.subscriptionId, engineHostNames: 'e1', autoTagHostNames: 'd1;d2' },
        'autoTagHostNames: Designer hosts: expected 1 host name, got 2',
      ],
      [{ subscriptionId: s.subscriptionId, engineHostNames: 'e1' }, 'autoTagHostNames'],
      [{ subscriptionId: 'x', engineHostNames: 'e1', autoTagHostNames: 'd1' }, 'subscriptionId'],
      [
        { subscriptionId: s.subscriptionId, engineHostNames: 'e1', autoTagHostNames: 'd1', extra: 1 },
        'Unrecognized key',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await demo.post('/api/subscription/make-offline', body);
      expect(res.status, message).toBe(400);
      expect(refusal(res.body)).toContain(message);
    }
    expect(await fresh(s.subscriptionId)).toEqual(s);
  });

  it('enables offline, returns the updated subscription, and signs a file the public key verifies', async () => {
    const s = await fresh(byName('Classic Engine').subscriptionId);
    const res = await demo.post('/api/subscription/make-offline', {
      subscriptionId: s.subscriptionId,
      engineHostNames: 'classic-engine-01',
      autoTagHostNames: 'designer-pc',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isOfflineEnabled: true,
      offlineEngineHosts: 'classic-engine-01',
      offlineAutoTagHosts: 'designer-pc',
      version: s.version + 1,
    });
    expect(res.body.offlineLicenseKey).toMatch(
      /^-----BEGIN LICENSE FILE-----\n[\s\S]+\n-----END LICENSE FILE-----\n$/,
    );

    const download = await demo.get(`/api/subscription/${s.subscriptionId}/offline-license`);
    expect(download.status).toBe(200);
    expect(download.raw.headers['content-type']).toMatch(/^text\/plain/);
    expect(download.raw.headers['content-disposition']).toBe(
      `attachment; filename="license_${licenseId(s.subscriptionId)}.lic"`,
    );
    const key = await t.client().get('/api/licensing/public-key');
    const payload = verifyLicenseFile(download.raw.body, key.body.publicKey);
    expect(payload).toMatchObject({
      licenseId: licenseId(s.subscriptionId),
      plan: 'Pro Classic',
      product: 1,
      engineHosts: ['classic-engine-01'],
      designerHosts: ['designer-pc'],
      issued: t.clock.now().toISOString(),
      expiry: graceEndOf(new Date(s.nextBaseBillingDate!)).toISOString(),
    });
  });

  it('answers 404 for the file of a subscription that is not offline', async () => {
    const res = await demo.get(
      `/api/subscription/${byName('Flex Reporting').subscriptionId}/offline-license`,
    );
    expect(res.status).toBe(404);
  });
});

describe('GET /api/subscription/:id/detailedFlexUsage', () => {
  it('answers 12 date ranges, per-host totals from the rollups, and this cycle’s figures', async () => {
    const s = byName('Flex Reporting');
    const res = await demo.get(`/api/subscription/${s.subscriptionId}/detailedFlexUsage`);
    expect(res.status).toBe(200);
    expect(res.body.description).toBe('Flex Reporting');
    expect(res.body.dateRanges).toHaveLength(12);
    expect(res.body.dateRanges[11]).toMatch(/^\d\d-\d\d-\d\d - \d\d-\d\d-\d\d$/);
    expect(res.body.refreshDate.slice(0, 10)).toBe(s.nextOverageBillingDate?.toString().slice(0, 10));
    expect(res.body.runs).toHaveLength(6);
    for (const run of res.body.runs) {
      expect(run.dateRangePages).toHaveLength(12);
      expect(run.totalPages).toBe(run.dateRangePages.reduce((a: number, b: number) => a + b, 0));
    }
    const thisCycle = res.body.runs.reduce(
      (sum: number, r: { dateRangePages: number[] }) => sum + r.dateRangePages[11],
      0,
    );
    expect(res.body.totalPagesUsed).toBe(thisCycle);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, s.subscriptionId));
    expect(row!.accruedRtusThisMonth).toBe(thisCycle);
    expect(res.body.numMachines).toBe(6);
  });
});
