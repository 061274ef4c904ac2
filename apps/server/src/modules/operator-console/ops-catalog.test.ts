import { BillingMode } from '@store/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription } from '../../../test/support/billing';
import { loginOperator } from '../../../test/support/operator';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders, subscriptions } from '../../db/schema';

// The console's catalogue (the operator API contract, "Catalogue"; docs/decisions/015): products
// and plans written through the one catalogue module; an unavailable plan keeps its subscribers;
// a price change reaches new purchases at once and subscriptions at their next renewal.

let t: TestApp;
let op: Awaited<ReturnType<typeof loginOperator>>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');

const plan = (product: number, planName: string, monthlyFee: number) => ({
  product,
  planName,
  description: 'A plan made in the console.',
  monthlyFee,
  numAutoTags: 1,
  numberCores: 4,
  numberThreads: 8,
});

beforeAll(async () => {
  t = await createTestApp();
  op = await loginOperator(t);
});
afterAll(() => t?.close());

describe('the catalogue in the console', () => {
  it('lists every product and plan, unavailable ones too, with their subscribers', async () => {
    const res = await op.get('/api/ops/catalog');
    expect(res.status).toBe(200);
    const plans = res.body.products.flatMap((p: { plans: unknown[] }) => p.plans);
    expect(plans.some((p: { isAvailable: boolean }) => !p.isAvailable)).toBe(true);
    expect(plans.some((p: { subscriberCount: number }) => p.subscriberCount > 0)).toBe(true);
  });

  it('adds a product and a plan that customers then see; refuses a taken flag or name', async () => {
    const consoleProduct = {
      product: 256,
      name: 'Console',
      title: 'Console Product',
      description: 'Made by the operator.',
    };
    const product = await op.post('/api/ops/products', consoleProduct);
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({ productName: 'Console', eula: null, plans: [] });
    // A name of its own, but the flag of a product there already.
    const taken = await op.post('/api/ops/products', { ...consoleProduct, product: 1, name: 'Other' });
    expect(taken.status).toBe(409);
    expect(refusal(taken.body)).toBe('Another product already has the flag 1.');

    const made = await op.post('/api/ops/plans', plan(256, 'Console Basic', 120));
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ planName: 'Console Basic', monthlyFee: 120, subscriberCount: 0 });
    const twice = await op.post('/api/ops/plans', plan(256, 'Console Basic', 120));
    expect(twice.status).toBe(409);
    const bad = await op.post('/api/ops/plans', { ...plan(256, 'Bad', 120), monthlyFee: -1 });
    expect(bad.status).toBe(400);
    expect(refusal(bad.body)).toContain('monthlyFee: Monthly fee must be at least 0');

    const shop = await t.client().get('/api/product/plans_for_product/Console');
    expect(shop.body.map((p: { planName: string }) => p.planName)).toEqual(['Console Basic']);
  });

  it('a plan offers a trial of 1 to 90 days, or none; the shop carries it as trialDays (docs/decisions/043)', async () => {
    const made = await op.post('/api/ops/plans', { ...plan(1, 'Console Trial', 80), trialDays: 30 });
    expect(made.status).toBe(200);
    expect(made.body.trialDays).toBe(30);
    for (const [days, message] of [
      [0, 'trialDays: Trial days must be at least 1'],
      [91, 'trialDays: Trial days must be at most 90'],
      [1.5, 'trialDays: Trial days must be a whole number'],
    ] as const) {
      const bad = await op.post('/api/ops/plans', {
        ...plan(1, `Console Trial ${days}`, 80),
        trialDays: days,
      });
      expect(bad.status).toBe(400);
      expect(refusal(bad.body)).toContain(message);
    }
    const shop = await t.client().get('/api/product/plans_for_product/Pro');
    const offered = shop.body.find((p: { planName: string }) => p.planName === 'Console Trial');
    expect(offered.trialDays).toBe(30);
    const none = await op.put(`/api/ops/plans/${made.body.pricingPlanId}`, {
      ...plan(1, 'Console Trial', 80),
      trialDays: null,
    });
    expect(none.status).toBe(200);
    expect(none.body.plan.trialDays).toBeNull();
  });

  it('a price change: new purchases at once, a subscription keeps its price until its renewal takes the new one', async () => {
    const made = await op.post('/api/ops/plans', plan(256, 'Console Renewing', 100));
    const planId = made.body.pricingPlanId;
    const org = await makeOrganization(t.db, { name: 'Renewal Price Co' });
    const sub = await makeSubscription(t.db, {
      organizationId: org.id,
      pricingPlanId: planId,
      description: 'Renews at the new price',
      billingMode: BillingMode.Monthly,
      purchasedAt: '2026-10-03T12:00:00Z',
    });
    expect((await op.get(`/api/ops/plans/${planId}/impact`)).body).toEqual({ subscribers: 1 });

    const changed = await op.put(`/api/ops/plans/${planId}`, {
      ...plan(256, 'Console Renewing', 150),
      existingSubscribers: 'notify',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ subscribersAtNextRenewal: 1, plan: { monthlyFee: 150 } });
    const shop = await t.client().get(`/api/product/plan_with_id/${planId}`);
    expect(shop.body.monthlyFee).toBe(150);

    // Nothing is billed before the renewal date; at it, the renewal bills the new price.
    const early = await op.post('/api/ops/billing-runs');
    expect(early.status).toBe(200);
    const none = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, org.id), eq(orders.kind, 'renewal')));
    expect(none).toEqual([]);
    t.clock.set('2026-11-03T13:00:00Z');
    const run = await op.post('/api/ops/billing-runs');
    expect(run.body).toMatchObject({ trigger: 'operator' });
    expect(run.body.renewed).toBeGreaterThanOrEqual(1);
    const [renewal] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, org.id), eq(orders.kind, 'renewal')));
    expect(renewal!.totalCents).toBe(15_000);
    const runs = await op.get('/api/ops/billing-runs');
    expect(runs.body.items[0]).toMatchObject({ runId: run.body.runId, trigger: 'operator' });
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after!.isActive).toBe(true);
  });

  it('an unavailable plan leaves the shop and keeps its subscribers, who see it grandfathered', async () => {
    const admin = await t.loginDemo();
    const mine = await admin.get('/api/subscription/all');
    const first = mine.body[0];
    const catalog = (await op.get('/api/ops/catalog')).body;
    const current = catalog.products
      .flatMap((p: { plans: { pricingPlanId: number }[] }) => p.plans)
      .find((p: { pricingPlanId: number }) => p.pricingPlanId === first.pricingPlanId);
    const res = await op.put(`/api/ops/plans/${current.pricingPlanId}`, { ...current, isAvailable: false });
    expect(res.status).toBe(200);
    expect(res.body.subscribersAtNextRenewal).toBe(0);
    const shop = await t.client().get(`/api/product/plans_for_product/${current.productName}`);
    expect(shop.body.map((p: { pricingPlanId: number }) => p.pricingPlanId)).not.toContain(
      current.pricingPlanId,
    );
    const still = await admin.get(`/api/subscription/${first.subscriptionId}`);
    expect(still.status).toBe(200);
    expect(still.body.pricingPlanId).toBe(current.pricingPlanId);
  });

  it('replaces a EULA with a PDF or with HTML, which is served sanitized; refuses a file that is not a PDF', async () => {
    const catalog = (await op.get('/api/ops/catalog')).body;
    const console = catalog.products.find((p: { productName: string }) => p.productName === 'Console');
    const planId = console.plans[0].pricingPlanId;
    const pdf = await op.put(`/api/ops/products/${console.productId}/eula`, { kind: 'pdf', pdfBase64: PDF });
    expect(pdf.status).toBe(200);
    expect(pdf.body.eula).toBe('pdf');
    expect((await t.client().get(`/api/product/eula/${planId}`)).body).toEqual({ pdfBase64: PDF });

    const html = await op.put(`/api/ops/products/${console.productId}/eula`, {
      kind: 'html',
      html: '<h1>Terms</h1><p onclick="x()">Use it well.</p><script>alert(1)</script>',
    });
    expect(html.body.eula).toBe('html');
    const served = (await t.client().get(`/api/product/eula/${planId}`)).body.html;
    expect(served).toContain('<h1>Terms</h1>');
    expect(served).not.toContain('<script>');
    expect(served).not.toContain('onclick="');

    const notPdf = await op.put(`/api/ops/products/${console.productId}/eula`, {
      kind: 'pdf',
      pdfBase64: Buffer.from('hello').toString('base64'),
    });
    expect(notPdf.status).toBe(400);
    expect(refusal(notPdf.body)).toBe('The file is not a PDF (it does not start with %PDF-).');
  });
});
