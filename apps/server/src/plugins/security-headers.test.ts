import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';

describe('security headers', () => {
  let plain: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ seed: false });
    https = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://store.example.com' } });
  });
  afterAll(async () => {
    await plain.close();
    await https.close();
  });

  it('sends the CSP, frame, referrer, cross-origin and permissions policies on every answer', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // Plain http (the demo on localhost): no HSTS, which a browser would pin to a name.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("answers the engines' licensing calls with the API set: nothing loads, frames, sniffs or caches", async () => {
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/licensing/validate',
      payload: { licenseKey: 'no-such-key-0000000000000000' },
    });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('adds Strict-Transport-Security when the store is reached over https, to pages and engine calls', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const engine = await https.app.inject({
      method: 'POST',
      url: '/api/licensing/validate',
      payload: { licenseKey: 'no-such-key-0000000000000000' },
    });
    expect(engine.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('marks the XSRF cookie Secure behind https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=.*; Secure/);
  });
});
