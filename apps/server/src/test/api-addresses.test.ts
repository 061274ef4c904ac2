import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../test/support/refusal';
import type { TestApp } from '../../test/support/test-app';
import { createTestAppWithWeb } from '../../test/support/web-dist';

// What an address of the API answers when it is not quite a route's (decision 009): a parameter
// longer than any may be is the 414 the document promises, a method the address lacks is 405 with
// Allow, and both hold with the web app's catch-all in front of the screens, as a server runs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestAppWithWeb();
});
afterAll(() => t.close());

describe('a path parameter', () => {
  it.each([
    ['GET', `/api/product/plans_for_product/${'x'.repeat(5000)}`],
    ['GET', `/api/person/valid_reset_request/${'z'.repeat(600)}`],
    ['POST', `/api/person/verify_email/${'v'.repeat(600)}`],
    ['GET', `/api/person/password_reset_request/${encodeURIComponent('🦄'.repeat(300))}`],
  ] as const)('longer than any may be: %s answers 414 as documented', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: method === 'POST' ? '{}' : undefined,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'A part of the address is too long.', code: 'URI_TOO_LONG' });
  });

  it('of 160 emoji in a reset id (200 characters at most, as the document counts them) is read: the link is unknown', async () => {
    const res = await t
      .client()
      .get(`/api/person/valid_reset_request/${encodeURIComponent('🦄'.repeat(160))}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: false });
  });

  it('of 201 emoji in a reset id is refused as too long', async () => {
    const res = await t
      .client()
      .get(`/api/person/valid_reset_request/${encodeURIComponent('🦄'.repeat(201))}`);
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe('resetId: resetId is too long');
  });

  it('an unknown address with a long segment is still "No such endpoint"', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/nothing/${'y'.repeat(3000)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^No such endpoint: GET \/api\/nothing\/y+…$/);
  });
});

describe('a method an address does not have', () => {
  it.each([
    ['POST', '/api/product/all', 'GET, HEAD'],
    ['DELETE', '/api/product/all', 'GET, HEAD'],
    ['GET', '/api/authenticate', 'POST'],
    ['PATCH', '/api/subscription/12', 'GET, HEAD, PUT, DELETE'],
    ['OPTIONS', '/api/health', 'GET, HEAD'],
  ] as const)('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toEqual({
      message: `This address answers ${allow} only.`,
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it("the operator's addresses stay unknown to everyone else", async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/ops/organizations' });
    expect(res.statusCode).toBe(404);
  });

  it('screens are still the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Subscriptions/12' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });
});
