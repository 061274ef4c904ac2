import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { type IssuedLicensePayload, keyIdOf, LICENSE_FILE_VERSION, signLicenseFile } from './license-file';
import { signingKeySource } from './license-keys';
import { verifyLicenseFile } from './verify-license-file';

// The signing key from configuration (LICENSE_SIGNING_KEY), never from the database; earlier keys
// stay published so that files they signed keep verifying after a rotation.

const current = generateKeyPairSync('ed25519');
const earlier = generateKeyPairSync('ed25519');
const pem = (k: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
  k.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = (k: ReturnType<typeof generateKeyPairSync>['publicKey']) =>
  k.export({ type: 'spki', format: 'pem' }).toString();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: {
      LICENSE_SIGNING_KEY: pem(current.privateKey),
      LICENSE_PREVIOUS_PUBLIC_KEYS: publicPem(earlier.publicKey),
    },
  });
});
afterAll(() => t.close());

const payload: IssuedLicensePayload = {
  version: LICENSE_FILE_VERSION,
  licenseId: 50_001,
  subscriptionId: 1,
  description: 'Plant Floor',
  product: 1,
  productName: 'Pro',
  plan: 'Pro Standard',
  engineHosts: ['engine-a'],
  designerHosts: [],
  issued: '2026-11-02T12:00:00.000Z',
  expiry: null,
  entitlements: { ocr: true },
};

describe('the configured signing key', () => {
  it('signs with the configured key, keeps nothing in the database and publishes every key still valid', async () => {
    const keys = await t.signingKeys(t.db);
    expect(keys.keyId).toBe(keyIdOf(current.publicKey));
    const stored = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM settings WHERE key = 'licensingSigningKey'`,
    );
    expect(stored[0]!.n).toBe(0);

    const res = await t.client().get('/api/licensing/public-key');
    expect(res.body.keyId).toBe(keyIdOf(current.publicKey));
    expect(res.body.keys.map((k: { keyId: string }) => k.keyId)).toEqual([
      keyIdOf(current.publicKey),
      keyIdOf(earlier.publicKey),
    ]);
    expect(keyIdOf(createPublicKey(res.body.publicKey))).toBe(keyIdOf(current.publicKey));

    // A file signed before the rotation and one signed now both verify with what is published.
    const signedBefore = { ...payload, keyId: keyIdOf(earlier.publicKey) };
    const signedNow = { ...payload, keyId: keys.keyId };
    const before = signLicenseFile(signedBefore, earlier.privateKey);
    const now = signLicenseFile(signedNow, keys.privateKey);
    expect(verifyLicenseFile(before, res.body.keys)).toEqual(signedBefore);
    expect(verifyLicenseFile(now, res.body.keys)).toEqual(signedNow);
  });
});

describe('without a configured signing key', () => {
  it('refuses production, which never signs with a key kept in the database', () => {
    expect(() => signingKeySource({ mode: 'production' })).toThrow('LICENSE_SIGNING_KEY is not set');
  });
});
