import { ErrorCode, Messages } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../test/support/refusal';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { pricingPlans, subscriptions } from '../db/schema';

// Strict edges of the API: exact messages, canonical ids, one error shape for the framework's own
// refusals, public routes that ignore tokens, and no NUL in any text (docs/design.md §4).

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginDemo']>>;
let subscriptionId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginDemo();
  const [row] = await t.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, admin.organization.organizationId))
    .limit(1);
  subscriptionId = row!.id;
});
afterAll(() => t.close());

const raw = (opts: {
  method: 'GET' | 'POST';
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}) => t.app.inject(opts);
const isErrorShape = (body: unknown) =>
  typeof (body as { message?: unknown }).message === 'string' &&
  ErrorCode.safeParse((body as { code?: unknown }).code).success;

describe("a purchase item's billing mode", () => {
  it("answers 7 with the spec's message, exactly", async () => {
    const [plan] = await t.db.select({ id: pricingPlans.id }).from(pricingPlans).limit(1);
    const res = await admin.post('/api/subscription/new', [
      {
        description: 'Seven',
        pricingPlanId: plan!.id,
        maxAdditionalMonthlyCharge: 0,
        xtraAutoTags: 0,
        numberMachines: 1,
        billingMode: 7,
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: Messages.invalidBillingPeriod(7),
      code: 'VALIDATION',
      field: '0.billingMode',
    });
    expect(res.body.message).toBe('Invalid Argument: 7 is not a valid billing period.');
  });
});

describe('path ids are canonical decimal only', () => {
  it.each(['01', '%2B1', '%201', '1.0', '0x1', '1e0', '0', '-1', '2147483648', '99999999999'])(
    'DELETE /api/subscription/%s is a 400 and cancels nothing',
    async (id) => {
      const res = await admin.delete(`/api/subscription/${id}`);
      expect(res.status).toBe(400);
      expect(refusal(res.body)).toBe(
        'id: Subscription id must be a whole number from 1 to 2147483647, written in digits',
      );
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      expect(row!.deactivateDate).toBeNull();
    },
  );

  it('reads the canonical spelling', async () => {
    expect((await admin.get(`/api/subscription/${subscriptionId}`)).status).toBe(200);
  });
});

describe("the framework's own refusals answer { message, code } with a readable message", () => {
  it('an over-long path parameter: 414, without echoing the path', async () => {
    const res = await raw({ method: 'GET', url: `/api/product/plans_for_product/${'x'.repeat(5000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'A part of the address is too long.', code: 'URI_TOO_LONG' });
  });

  it('a malformed URL: 400', async () => {
    const res = await raw({ method: 'GET', url: '/api/product/plans_for_product/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The address of the request is not a valid URL.',
      code: 'BAD_REQUEST',
    });
  });

  it('bad JSON: 400', async () => {
    const res = await admin.post('/api/person/create', '{"firstName": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_JSON' });
  });

  it('a wrong media type: 415', async () => {
    const res = await admin.post('/api/person/create', 'firstName=A', { 'content-type': 'text/xml' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Send the request body as JSON.', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('an oversized body: 413', async () => {
    const res = await admin.post('/api/person/create', { firstName: 'x'.repeat(300_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('an unknown endpoint: 404 that names it, cut short', async () => {
    const res = await raw({ method: 'GET', url: `/api/nothing/${'y'.repeat(3000)}` });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(isErrorShape(body)).toBe(true);
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message.length).toBeLessThan(200);
  });

  it('never a raw FST_ code', async () => {
    for (const res of [
      await raw({
        method: 'POST',
        url: '/api/authenticate',
        payload: '',
        headers: { 'content-type': 'application/json' },
      }),
      await raw({
        method: 'POST',
        url: '/api/authenticate',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await raw({ method: 'GET', url: `/api/person/valid_reset_request/${'z'.repeat(400)}` }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(isErrorShape(res.json())).toBe(true);
      expect(res.body).not.toContain('FST_');
    }
  });
});

describe('public routes ignore the Authorization header', () => {
  it.each(['/api/product/all', '/api/misc/config', '/api/health', '/api/misc/billingCycleDiscounts'])(
    'a stale token on %s answers as if none was sent',
    async (url) => {
      const res = await t.client('stale-or-revoked-token').get(url);
      expect(res.status).toBe(200);
    },
  );

  it('logout with a stale token still succeeds (the client is signing out anyway)', async () => {
    const res = await t.client('stale-or-revoked-token').get('/api/person/logout');
    expect(res.status).toBe(200);
  });
});

describe('which field a 400 is about', () => {
  it('says a person’s message as it stands, and the field apart, as the document names it', async () => {
    const res = await t.client().post('/api/authenticate', { password: 'x', orgId: null, rememberMe: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Email is required', code: 'VALIDATION', field: 'email' });
  });

  it("leads zod's own message, which names nothing, with the field", async () => {
    const res = await t.client().post('/api/authenticate', {
      email: 'a@b.co',
      password: 'x',
      orgId: null,
      rememberMe: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'rememberMe: Invalid input: expected boolean, received string',
      code: 'VALIDATION',
      field: 'rememberMe',
    });
  });
});

describe('a NUL byte in any text is refused in validation with a readable 400', () => {
  it('in a password', async () => {
    const res = await t.client().post('/api/authenticate', {
      email: 'demo@example.com',
      password: 'demo-pass\u0000word',
      orgId: null,
      rememberMe: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'password: This text contains a character that is not allowed (NUL).',
      code: 'VALIDATION',
    });
  });

  it('in a license key', async () => {
    const res = await t.client().post('/api/licensing/validate', { licenseKey: 'KEY\u0000-1' });
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe('licenseKey: This text contains a character that is not allowed (NUL).');
  });

  it('nested in a batch of usage reports', async () => {
    const res = await t.client().post('/api/licensing/usage', {
      licenseKey: 'KEY-1',
      reports: [{ transactionId: 't\u00001', hostname: 'h', pages: 1, time: '2026-11-02T12:00:00Z' }],
    });
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe(
      'reports.0.transactionId: This text contains a character that is not allowed (NUL).',
    );
  });
});
