import { generate } from 'otplib';
import { DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_TOTP_SECRET, seedDemoOperator } from '../../src/seed/operator';
import { DEMO_PASSWORD } from '../../src/seed/organizations';
import type { TestApp } from './test-app';

/**
 * The demo operator signed in with a code computed from the fixed secret. Each code is taken once,
 * so a test file signs in once and keeps the client.
 */
export async function loginOperator(t: TestApp) {
  await seedDemoOperator(t.db, t.deps.config);
  const totp = await generate({ secret: DEMO_OPERATOR_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) });
  const res = await t
    .client()
    .post('/api/authenticate', { email: DEMO_OPERATOR_EMAIL, password: DEMO_PASSWORD, orgId: null, totp });
  if (!res.body?.success) throw new Error(`operator login failed: ${JSON.stringify(res.body)}`);
  return { ...t.client(res.body.token), person: res.body.person };
}
