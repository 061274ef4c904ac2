import { PlanListSchema, PricingPlanSchema, ProductListSchema } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { products } from '../../db/schema';
import { sanitizeEulaHtml } from './eula';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The seeded catalogue's products, and Pro's available plans, in the order the store lists them.
const PRODUCT_NAMES = ['Pro', 'Flex', 'Artist', 'Manager', 'JavaEngine', 'DotNetEngine', 'RestfulEngine'];
const PRO_PLAN_NAMES = ['Pro Standard', 'Pro Business', 'Pro Enterprise', 'Pro Fleet'];

describe('catalogue API', () => {
  it('lists every product, publicly, with a cache header', async () => {
    const res = await t.client().get('/api/product/all');
    expect(res.status).toBe(200);
    const list = ProductListSchema.parse(res.body);
    expect(list.map((p) => p.productName)).toEqual(PRODUCT_NAMES);
    expect(res.raw.headers['cache-control']).toContain('max-age');
  });

  it('lists only the available plans of a product, in the wire shape with productName', async () => {
    const res = await t.client().get('/api/product/plans_for_product/Pro');
    expect(res.status).toBe(200);
    const plans = PlanListSchema.parse(res.body);
    expect(plans.map((p) => p.planName)).toEqual(PRO_PLAN_NAMES);
    expect(plans[0]).toMatchObject({
      productName: 'Pro',
      product: 1,
      monthlyFee: 250,
      xtraAutoTagPerMonth: 45,
      isAvailable: true,
    });
    expect(res.raw.headers.etag).toBeDefined();
    const again = await t
      .client()
      .get('/api/product/plans_for_product/Pro', { 'if-none-match': String(res.raw.headers.etag) });
    expect(again.status).toBe(304);
    const flex = PlanListSchema.parse((await t.client().get('/api/product/plans_for_product/Flex')).body);
    expect(flex[0]).toMatchObject({ baseRtus: 2500, overagePerRtu: 0.08 });
  });

  it('answers 404 for an unknown product', async () => {
    const res = await t.client().get('/api/product/plans_for_product/NoSuchThing');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('NoSuchThing');
  });

  it('gives one plan by id, retired ones included; 404 and 400 otherwise', async () => {
    const pro = PlanListSchema.parse((await t.client().get('/api/product/plans_for_product/Pro')).body);
    const one = await t.client().get(`/api/product/plan_with_id/${pro[1]!.pricingPlanId}`);
    expect(PricingPlanSchema.parse(one.body).planName).toBe('Pro Business');
    const retiredId = pro[2]!.pricingPlanId + 1; // 'Pro Classic' is seeded right after Enterprise
    const retired = await t.client().get(`/api/product/plan_with_id/${retiredId}`);
    expect(retired.body).toMatchObject({ planName: 'Pro Classic', isAvailable: false, productName: 'Pro' });
    expect((await t.client().get('/api/product/plan_with_id/99999')).status).toBe(404);
    expect((await t.client().get('/api/product/plan_with_id/abc')).status).toBe(400);
  });

  it('serves the EULA PDF as base64', async () => {
    const res = await t.client().get('/api/product/eula/1');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.client().get('/api/product/eula/99999')).status).toBe(404);
  });

  it('serves an HTML EULA sanitized', async () => {
    await t.db
      .update(products)
      .set({ eulaPdf: null, eulaHtml: '<h1 onclick="x()">Terms</h1><script>alert(1)</script><p>ok</p>' })
      .where(eq(products.name, 'Artist'));
    const artist = PlanListSchema.parse((await t.client().get('/api/product/plans_for_product/Artist')).body);
    const res = await t.client().get(`/api/product/eula/${artist[0]!.pricingPlanId}`);
    expect(res.body.html).toBe('<h1>Terms</h1><p>ok</p>');
    expect(res.body.html).not.toContain('<script');
  });

  it('billing-cycle discounts come from settings, as fractions', async () => {
    const res = await t.client().get('/api/misc/billingCycleDiscounts');
    expect(res.body).toEqual({ yearlyDiscount: 0.1, quarterlyDiscount: 0.05, monthlyDiscount: 0 });
    expect(res.raw.headers['cache-control']).toBeDefined();
  });

  it('country codes: ISO 3166 with English names, sorted', async () => {
    const res = await t.client().get('/api/misc/country-codes');
    expect(res.body.length).toBeGreaterThan(240);
    expect(res.body).toContainEqual({ code: 'NL', name: 'Netherlands' });
    const names = res.body.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
  });

  it('the publishable key is null with the sandbox gateway', async () => {
    expect((await t.client().get('/api/misc/stripePublicKey')).body).toEqual({ publicKey: null });
  });
});

describe('sanitizeEulaHtml', () => {
  it.each([
    ['<p>a</p>', '<p>a</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<a href="javascript:x">l</a>', '<a>l</a>'],
    ['<P>A<BR/></P>', '<p>A<br /></p>'],
    // A whole page, as an editor saves it: shown as its document, never as literal tags.
    [
      '<!DOCTYPE html><html lang="en"><head><title>EULA</title><style>p{}</style></head>' +
        '<body><p class="x">Hello <a href="https://e.example" onclick="x()">site</a></p></body></html>',
      '<p>Hello <a href="https://e.example">site</a></p>',
    ],
  ])('%s → %s', (input, output) => {
    expect(sanitizeEulaHtml(input)).toBe(output);
  });
});
