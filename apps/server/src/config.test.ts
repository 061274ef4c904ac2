import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const signingKey = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const production = {
  DATABASE_URL: 'postgres://store@db.internal:5432/store',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  SMTP_URL: 'smtp://mail.internal:25',
  PUBLIC_URL: 'https://store.example.com',
  TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
  LICENSE_SIGNING_KEY: signingKey,
  STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
  SELLER_NAME: 'Example Software GmbH',
  SELLER_ADDRESS: 'Hauptstrasse 1\\n10115 Berlin\\nGermany',
  SELLER_TAX_ID: 'DE123456789',
};

describe('loadConfig in production', () => {
  it('accepts a complete configuration behind https', () => {
    const config = loadConfig(production);
    expect(config.mode).toBe('production');
    expect(config.trustProxy).toBe(false);
    expect(config.twoFactorKey).toHaveLength(32);
    expect(config.licenseSigning?.privateKeyPem).toContain('BEGIN PRIVATE KEY');
  });

  it('refuses a PUBLIC_URL that is not https', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://store.example.com' })).toThrow(
      'PUBLIC_URL must start with https:// in production',
    );
  });

  it('needs the webhook signing secret', () => {
    const { STRIPE_WEBHOOK_SECRET: _w, ...rest } = production;
    expect(() => loadConfig(rest)).toThrow('Production mode needs these settings: STRIPE_WEBHOOK_SECRET.');
    expect(() => loadConfig({ ...production, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      'STRIPE_WEBHOOK_SECRET must start with whsec_',
    );
  });

  it('needs the two-factor key and the license signing key', () => {
    const { TWO_FACTOR_KEY: _k, LICENSE_SIGNING_KEY: _s, ...rest } = production;
    expect(() => loadConfig(rest)).toThrow(
      'Production mode needs these settings: TWO_FACTOR_KEY, LICENSE_SIGNING_KEY.',
    );
  });

  it('needs the seller of the invoices, and reads its address lines', () => {
    const { SELLER_NAME: _n, SELLER_ADDRESS: _a, SELLER_TAX_ID: _t, ...rest } = production;
    expect(() => loadConfig(rest)).toThrow(
      'Production mode needs these settings: SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID.',
    );
    expect(loadConfig(production).seller).toEqual({
      name: 'Example Software GmbH',
      addressLines: ['Hauptstrasse 1', '10115 Berlin', 'Germany'],
      taxId: 'DE123456789',
    });
  });

  it('names a bad key, a bad TRUST_PROXY and a signing key of the wrong kind', () => {
    expect(() => loadConfig({ ...production, TWO_FACTOR_KEY: 'short' })).toThrow(
      'TWO_FACTOR_KEY must be 32 bytes',
    );
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => loadConfig({ ...production, LICENSE_SIGNING_KEY: rsa })).toThrow(ConfigError);
  });

  it('reads a PEM whose line breaks are written as \\n, and earlier public keys', () => {
    const earlier = generateKeyPairSync('ed25519')
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const config = loadConfig({
      ...production,
      LICENSE_SIGNING_KEY: signingKey.replace(/\n/g, '\\n'),
      LICENSE_PREVIOUS_PUBLIC_KEYS: earlier,
      TRUST_PROXY: '10.0.0.0/8',
    });
    expect(config.licenseSigning?.previousPublicKeyPems).toEqual([earlier]);
    expect(config.trustProxy).toEqual(['10.0.0.0/8']);
  });
});

describe('loadConfig in demo mode', () => {
  it("refuses Stripe's keys, so the demo never charges a real card", () => {
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY } = production;
    expect(() => loadConfig({ DEMO: '1', STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY })).toThrow(
      'Demo mode refuses STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: the demo charges only its sandbox gateway.',
    );
    expect(() => loadConfig({ ...production, DEMO: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY })).toThrow(
      'Demo mode refuses STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    );
    expect(loadConfig({ DEMO: '1' }).stripe).toBeUndefined();
  });
});
