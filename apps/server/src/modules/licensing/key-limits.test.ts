import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { subscriptions } from '../../db/schema';

// docs/decisions/013: per license key 20 requests a second with bursts of 100 (in memory), and
// unknown keys counted per address.

let t: TestApp;
let licenseKey: string;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.select({ key: subscriptions.apiKey1 }).from(subscriptions).limit(1);
  licenseKey = row!.key;
});
afterAll(() => t.close());

const validate = async (key: string, from = '198.51.100.1') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/licensing/validate',
    remoteAddress: from,
    payload: { licenseKey: key },
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
};

describe('licensing limits', () => {
  it('lets a key burst to 100 requests, then answers 429 with Retry-After', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 300 }, () => validate(licenseKey)));
    const seconds = Math.ceil((Date.now() - started) / 1000);
    const ok = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(ok).toBeGreaterThanOrEqual(100);
    expect(ok).toBeLessThanOrEqual(100 + 20 * seconds);
    expect(refused.length).toBe(300 - ok);
    expect(refused[0]!.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThan(0);
  });

  it('refuses an address after 100 unknown keys, even for a real key, and no other address', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await validate(`unknown-key-${i}`, '198.51.100.77');
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await validate('unknown-key-x', '198.51.100.77')).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1100)); // the key's own per-second rate refills
    expect((await validate(licenseKey, '198.51.100.77')).status).toBe(429);
    expect((await validate(licenseKey, '198.51.100.78')).status).toBe(200);
  });
});
