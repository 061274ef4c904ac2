import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/misc/config', () => {
  it("links the product's own Store Guide and privacy policy by default", async () => {
    t = await createTestApp({ seed: false });
    const res = await t.client().get('/api/misc/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ storeGuideUrl: '/guide', privacyPolicyUrl: '/privacy' });
  });

  it('links where STORE_GUIDE_URL and PRIVACY_POLICY_URL say', async () => {
    t = await createTestApp({
      seed: false,
      env: {
        STORE_GUIDE_URL: 'https://docs.acme.test/guide',
        PRIVACY_POLICY_URL: 'https://acme.test/privacy',
      },
    });
    const res = await t.client().get('/api/misc/config');
    expect(res.body).toMatchObject({
      storeGuideUrl: 'https://docs.acme.test/guide',
      privacyPolicyUrl: 'https://acme.test/privacy',
    });
  });
});
