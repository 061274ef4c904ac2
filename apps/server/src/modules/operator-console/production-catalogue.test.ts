import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { BillStatus } from '@store/core';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization } from '../../../test/support/billing';
import { fakeStripe } from '../../../test/support/fake-stripe';
import { listenFakeStripe } from '../../../test/support/fake-stripe-listen';
import { linkFrom, type SmtpCapture, startSmtpCapture } from '../../../test/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { runOps } from '../../cli/ops-commands';
import { persons } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { demoCatalogFile } from '../../paths';

// A production store from its first start (docs/decisions/015): every production setting set,
// PostgreSQL, Stripe's API (the local fake), mail over SMTP. It has no catalogue and sells nothing;
// the operator is added by the tool, chooses a password by mail, must enrol two-factor, imports
// the catalogue; then a customer buys.

const fake = fakeStripe();
let stripe: Awaited<ReturnType<typeof listenFakeStripe>>;
let smtp: SmtpCapture;
let t: TestApp;
const OPERATOR = 'ops@store.example.com';

beforeAll(async () => {
  stripe = await listenFakeStripe(fake);
  smtp = await startSmtpCapture();
  t = await createTestApp({
    seed: false,
    gateway: stripe.gateway,
    env: {
      DEMO: '0',
      DATABASE_URL: 'postgres://store@db.internal:5432/store',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_fake',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://store.example.com',
      TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
      LICENSE_SIGNING_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      SELLER_NAME: 'Example Software GmbH',
      SELLER_ADDRESS: 'Hauptstrasse 1\\n10115 Berlin\\nGermany',
      SELLER_TAX_ID: 'DE123456789',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await smtp?.close();
});

const ops = (...argv: string[]) =>
  runOps(argv, {
    db: t.db,
    clock: t.clock,
    gateway: async () => t.gateway,
    mode: 'production',
    publicUrl: 'https://store.example.com',
    signingKeys: t.signingKeys,
    out: () => undefined,
  });

describe('a production store', () => {
  it('starts with an empty catalogue; an operator imports one; a customer buys', async () => {
    expect(t.deps.config.mode).toBe('production');
    expect((await t.client().get('/api/product/all')).body).toEqual([]);

    // The operator: added by the tool, a password chosen through the mailed link, two-factor first.
    await ops('operator:add', OPERATOR, '--first', 'Oli', '--last', 'Ops');
    const link = linkFrom(await smtp.waitFor(OPERATOR), 'ResetPassword');
    const resetId = link.split('/ResetPassword/')[1]!;
    const reset = await t.client().post(`/api/person/reset_password/${resetId}`, {
      email: OPERATOR,
      password: 'operator-password-1',
      orgId: null,
    });
    expect(reset.status).toBe(200);
    const first = await t.client().post('/api/authenticate', {
      email: OPERATOR,
      password: 'operator-password-1',
      orgId: null,
    });
    expect(first.body).toMatchObject({ success: true, twoFactorSetupRequired: true });
    const op = t.client(first.body.token);
    expect((await op.get('/api/ops/catalog')).body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const { secret } = (await op.post('/api/person/2fa/setup')).body;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await op.post('/api/person/2fa/enable', { code })).status).toBe(200);
    expect((await op.get('/api/ops/catalog')).body).toEqual({ products: [] });

    // The catalogue, imported by the tool (scripts) from the same file format as the demo's.
    await ops('catalog:import', demoCatalogFile);
    const catalog = (await op.get('/api/ops/catalog')).body;
    expect(catalog.products).toHaveLength(7);
    const plan = catalog.products[0].plans[0];

    // A customer with a card on file buys through Stripe.
    const org = await makeOrganization(t.db, {
      name: 'First Customer Inc.',
      adminEmail: 'buyer@example.com',
    });
    await t.db
      .update(persons)
      .set({ passwordHash: await hashPassword('buyer-password-1') })
      .where(eq(persons.organizationId, org.id));
    const buyer = await t.login('buyer@example.com', 'buyer-password-1');
    const bought = await buyer.post('/api/subscription/new', [
      {
        description: 'First sale',
        pricingPlanId: plan.pricingPlanId,
        maxAdditionalMonthlyCharge: 0,
        xtraAutoTags: 0,
        numberMachines: 1,
        billingMode: 3,
      },
    ]);
    expect(bought.status).toBe(200);
    expect(bought.body.status).toBe(BillStatus.ChargePaid);
    expect(fake.intents.some((i) => i.customer === org.gatewayCustomerId && i.status === 'succeeded')).toBe(
      true,
    );
    const bills = await op.get('/api/ops/bills?filter=all');
    expect(bills.body.items[0]).toMatchObject({
      orderId: bought.body.orderId,
      organizationName: 'First Customer Inc.',
      status: 'Paid',
    });
  });
});
