import { designerHostCount, type OpsCatalog, type OpsPlan } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../test/support/billing';
import { createLicensingTestApp, DAY, type LicensingTestApp } from '../../../test/support/licensing';
import { loginOperator } from '../../../test/support/operator';
import { refusal } from '../../../test/support/refusal';
import { editBody } from '../../../test/support/subscription-edit';
import { pricingPlans, subscriptions } from '../../db/schema';
import { verifyLicenseFile } from './verify-license-file';

// docs/decisions/039: entitlements belong to the plan, change the moment a plan change applies (an
// operator's edit of the plan, an increase saved in the editor, a decrease at its renewal), and are
// copied into a license file when it is issued: a file keeps the set it was signed with.

const PRO_STANDARD = { 'max-pages-per-document': 500, ocr: true, 'pdf-a': true };
const PRO_BUSINESS = { barcodes: true, 'max-pages-per-document': 2000, ocr: true, 'pdf-a': true };

let l: LicensingTestApp;
let operatorId: number;
let op: ReturnType<LicensingTestApp['t']['client']>;
let api: Awaited<ReturnType<LicensingTestApp['login']>>;
let publicKey: string;
beforeAll(async () => {
  l = await createLicensingTestApp();
  const signedIn = await loginOperator(l.t);
  operatorId = signedIn.person.personId;
  op = signedIn;
  api = await l.login();
  publicKey = (await l.t.client().get('/api/licensing/public-key')).body.publicKey;
});
afterAll(() => l.t.close());

/** Weeks on, sessions have lapsed unused: the admin and the operator sign in again. */
async function renewAt(days: number) {
  l.clock.advanceDays(days);
  await runBillingCycle({ db: l.t.db, clock: l.clock, gateway: l.t.gateway });
  api = await l.login();
  op = l.t.client(await l.t.deps.sessions.issue(operatorId));
}

const validate = async (licenseKey: string) =>
  (await l.engine('/api/licensing/validate', { licenseKey })).body.entitlements;

async function consolePlan(planName: string): Promise<OpsPlan> {
  const catalog = (await op.get('/api/ops/catalog')).body as OpsCatalog;
  return catalog.products.flatMap((p) => p.plans).find((p) => p.planName === planName)!;
}

/** PUT /api/ops/plans/:id with the plan's every field and other entitlements. */
async function saveEntitlements(plan: OpsPlan, entitlements: unknown) {
  const { pricingPlanId, productName: _n, subscriberCount: _s, ...fields } = plan;
  return op.put(`/api/ops/plans/${pricingPlanId}`, { ...fields, entitlements });
}

const offlineFile = async (id: number) =>
  (await l.t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.offlineLicenseKey!;
const payloadOf = (file: string) => verifyLicenseFile(file, publicKey);

describe("the operator's edit of a plan", () => {
  it('changes what validation answers at once; a file keeps its set until the next one is issued', async () => {
    const sub = await l.subscribe('RESTful Engine Standard', { numberMachines: 1 });
    const [row] = await l.t.db
      .select()
      .from(pricingPlans)
      .where(eq(pricingPlans.planName, 'RESTful Engine Standard'));
    const enabled = await api.post('/api/subscription/make-offline', {
      subscriptionId: sub.id,
      engineHostNames: 'rest-01',
      autoTagHostNames: Array.from({ length: designerHostCount(row!, 0) }, (_, i) => `ws-${i}`).join(';'),
    });
    expect(enabled.status).toBe(200);
    const before = await offlineFile(sub.id);
    expect(payloadOf(before).entitlements).toEqual(PRO_STANDARD);

    const plan = await consolePlan('RESTful Engine Standard');
    expect(plan.entitlements).toEqual(['max-pages-per-document=500', 'ocr', 'pdf-a']);
    const saved = await saveEntitlements(plan, ['pdf-a', 'ocr', 'barcodes', 'max-pages-per-document=800']);
    expect(saved.status).toBe(200);
    expect(saved.body.plan.entitlements).toEqual(['barcodes', 'max-pages-per-document=800', 'ocr', 'pdf-a']);
    const now = { barcodes: true, 'max-pages-per-document': 800, ocr: true, 'pdf-a': true };
    expect(await validate(sub.apiKey1)).toEqual(now);
    expect(await offlineFile(sub.id)).toBe(before);

    // The paid renewal issues the next file (docs/design.md §5), with the set in force then.
    await renewAt(25);
    const after = await offlineFile(sub.id);
    expect(after).not.toBe(before);
    expect(payloadOf(after).entitlements).toEqual(now);
    expect(payloadOf(before).entitlements).toEqual(PRO_STANDARD);
  });

  it('refuses a bad entitlement or a name twice with a message that names it, changing nothing', async () => {
    const plan = await consolePlan('Java Engine Standard');
    const cases: [unknown, string][] = [
      [
        ['ocr', 'OCR'],
        'entitlements.1: Entitlement "OCR": a name is 1 to 40 lowercase letters, digits and hyphens',
      ],
      [['pages=007'], 'entitlements.0: Entitlement "pages=007": the value after = is a whole number'],
      [['ocr', 'pages=5', 'pages=6'], 'entitlements: Entitlement pages is listed more than once'],
      [Array.from({ length: 51 }, (_, i) => `f-${i}`), 'entitlements: A plan has at most 50 entitlements'],
      ['ocr', 'entitlements: Entitlements must be a list'],
    ];
    for (const [entitlements, message] of cases) {
      const res = await saveEntitlements(plan, entitlements);
      expect(res.status, message).toBe(400);
      expect(refusal(res.body)).toContain(message);
    }
    expect((await consolePlan('Java Engine Standard')).entitlements).toEqual(plan.entitlements);
  });
});

describe("a subscription's change of plan", () => {
  const current = async (id: number) => (await api.get(`/api/subscription/${id}`)).body;

  it('an increase saved in the editor applies at once, and validation answers its set at that moment', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    expect(await validate(sub.apiKey1)).toEqual(PRO_STANDARD);
    const s = await current(sub.id);
    expect(s.plan.entitlements).toEqual(['max-pages-per-document=500', 'ocr', 'pdf-a']);
    const business = (await consolePlan('Pro Business')).pricingPlanId;
    const res = await api.put(`/api/subscription/${sub.id}`, editBody(s, { pricingPlanId: business }));
    expect(res.status).toBe(200);
    expect(res.body.pending).toBe(false);
    expect(res.body.subscription.plan.entitlements).toEqual([
      'barcodes',
      'max-pages-per-document=2000',
      'ocr',
      'pdf-a',
    ]);
    expect(await validate(sub.apiKey1)).toEqual(PRO_BUSINESS);
  });

  it('a decrease waits for the renewal: the old set is answered until the renewal applies the new one', async () => {
    const sub = await l.subscribe('Pro Business', { numberMachines: 1, daysAgo: 1 });
    const s = await current(sub.id);
    const standard = (await consolePlan('Pro Standard')).pricingPlanId;
    const res = await api.put(`/api/subscription/${sub.id}`, editBody(s, { pricingPlanId: standard }));
    expect([res.status, res.body.pending]).toEqual([200, true]);
    expect(await validate(sub.apiKey1)).toEqual(PRO_BUSINESS);

    const daysToRenewal = (new Date(s.nextBaseBillingDate).getTime() - l.clock.now().getTime()) / DAY;
    await renewAt(Math.floor(daysToRenewal) - 1);
    expect(await validate(sub.apiKey1)).toEqual(PRO_BUSINESS);
    await renewAt(2);
    expect(await validate(sub.apiKey1)).toEqual(PRO_STANDARD);
  });
});
