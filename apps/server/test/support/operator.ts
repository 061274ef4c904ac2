import { generate } from 'otplib';
import { DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_TOTP_SECRET, seedDemoOperator } from '../../src/seed/operator';
import { DEMO_PASSWORD } from '../../src/seed/organizations';
import type { TestApp } from './test-app';

/**
 * The demo operator, signed in with password and a code of its fixed two-factor secret. Each code is
 * taken once, so a test file signs in once and keeps the client; a code already taken (another
 * sign-in within its 30 seconds) is followed by the next windows' codes.
 */
export async function loginOperator(t: TestApp) {
  await seedDemoOperator(t.db, t.clock, t.deps.config);
  for (const offset of [0, 30, 60]) {
    const totp = await generate({
      secret: DEMO_OPERATOR_TOTP_SECRET,
      epoch: Math.floor(Date.now() / 1000) + offset,
    });
    const res = await t
      .client()
      .post('/api/authenticate', { email: DEMO_OPERATOR_EMAIL, password: DEMO_PASSWORD, orgId: null, totp });
    if (res.body?.success) return { ...t.client(res.body.token), person: res.body.person };
  }
  throw new Error('the demo operator could not sign in');
}
