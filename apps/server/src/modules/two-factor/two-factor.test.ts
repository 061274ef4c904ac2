import { TwoFactorMessages } from '@store/core';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../seed/organizations';
import { hasTwoFactor } from './two-factor.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Each code signs in once, and only codes of the current step ±1 are taken: the tests move the
  // real time on (TOTP keeps real time, not the app's clock) to get fresh codes.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** Half a minute later: the authenticator app shows a new code. */
const nextPeriod = () => vi.setSystemTime(Date.now() + 30_000);

/** The code an authenticator app shows `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const signIn = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  t.client().post('/api/authenticate', { email, password, orgId: null, rememberMe: true, ...extra });

/** Enrols the signed-in person and returns the secret and recovery codes. */
async function enrol(api: Awaited<ReturnType<TestApp['login']>>) {
  const setup = await api.post('/api/person/2fa/setup');
  expect(setup.status).toBe(200);
  const enabled = await api.post('/api/person/2fa/enable', { code: await codeOf(setup.body.secret) });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe('two-factor sign-in', () => {
  const email = 'omar.haddad@example.com';
  let secret: string;
  let recoveryCodes: string[];

  it('enrols with a secret, its otpauth URI and a first code; answers 10 recovery codes once', async () => {
    const api = await t.login(email, DEMO_PASSWORD);
    const setup = await api.post('/api/person/2fa/setup');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/Licensed%20Software%20Store:${encodeURIComponent(email)}?secret=${setup.body.secret}&issuer=Licensed%20Software%20Store`,
    );
    const wrong = await api.post('/api/person/2fa/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: TwoFactorMessages.codeWrong, code: 'TWO_FACTOR_CODE_WRONG' });
    const enabled = await api.post('/api/person/2fa/enable', { code: await codeOf(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    secret = setup.body.secret;
    recoveryCodes = enabled.body.recoveryCodes;
    expect((await api.get('/api/person/2fa')).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      setupRequired: false,
    });
    expect(await hasTwoFactor(t.db, api.person.personId)).toBe(true);
  });

  it('keeps the secret encrypted and the recovery codes hashed', async () => {
    const rows = await queryRows<{ secret: string; code_hash: string }>(
      t.db,
      sql`SELECT e.secret, c.code_hash FROM two_factor_enrolments e JOIN two_factor_recovery_codes c USING (person_id)`,
    );
    expect(rows.length).toBe(10);
    for (const row of rows) {
      expect(row.secret).not.toContain(secret);
      expect(recoveryCodes.some((c) => row.code_hash.includes(c.replace('-', '')))).toBe(false);
      // Salted argon2id, as ASVS 6.5.2 asks of secrets under 112 bits.
      expect(row.code_hash).toMatch(/^\$argon2id\$/);
    }
  });

  it('asks for a code after the right password, without a token', async () => {
    const res = await signIn(email, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, token: null, twoFactorRequired: true });
    expect(res.body.error).toBe(TwoFactorMessages.codeRequired);
    // A wrong password says nothing about the second factor.
    const wrongPassword = await signIn(email, 'not-the-password');
    expect(wrongPassword.body.twoFactorRequired).toBeUndefined();
  });

  it('signs in with a code once; the same code is refused the second time', async () => {
    const code = await codeOf(secret, 1);
    const first = await signIn(email, DEMO_PASSWORD, { totp: code });
    expect(first.body.success).toBe(true);
    expect(first.body.token).toBeTruthy();
    const again = await signIn(email, DEMO_PASSWORD, { totp: code });
    expect(again.body).toMatchObject({ success: false, token: null, twoFactorRequired: true });
    expect(again.body.error).toBe(TwoFactorMessages.signInCodeWrong);
  });

  it('accepts a code one step off (±1 step) but not one three steps old', async () => {
    await t.endThrottleWindows();
    // The last step used is now+1, so earlier codes are spent: a fresh person shows the window.
    const other = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    const { secret: s } = await enrol(other);
    expect((await signIn(DEMO_USER_EMAIL, DEMO_PASSWORD, { totp: await codeOf(s, -3) })).body.success).toBe(
      false,
    );
    expect((await signIn(DEMO_USER_EMAIL, DEMO_PASSWORD, { totp: await codeOf(s, 1) })).body.success).toBe(
      true,
    );
  });

  it('signs in with a recovery code once', async () => {
    await t.endThrottleWindows();
    const code = recoveryCodes[0]!;
    expect((await signIn(email, DEMO_PASSWORD, { recoveryCode: code })).body.success).toBe(true);
    const again = await signIn(email, DEMO_PASSWORD, { recoveryCode: code });
    expect(again.body).toMatchObject({ success: false, error: TwoFactorMessages.recoveryCodeWrong });
    // Typed in lower case without the dash, another code still works.
    const typed = recoveryCodes[1]!.replace('-', '').toLowerCase();
    expect((await signIn(email, DEMO_PASSWORD, { recoveryCode: typed })).body.success).toBe(true);
  });

  it('counts wrong codes as failed sign-ins', async () => {
    await t.endThrottleWindows();
    for (let i = 0; i < 5; i++) {
      const res = await signIn(email, DEMO_PASSWORD, { totp: '000000' });
      expect(res.body.error).toBe(TwoFactorMessages.signInCodeWrong);
    }
    const blocked = await signIn(email, DEMO_PASSWORD, { totp: await codeOf(secret) });
    expect(blocked.status).toBe(429);
    await t.endThrottleWindows();
  });

  it('refuses a malformed code with 400', async () => {
    const res = await signIn(email, DEMO_PASSWORD, { totp: '12ab56' });
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe(`totp: ${TwoFactorMessages.codeFormat}`);
  });

  it('turns off with a current code, not with a wrong one', async () => {
    const api = await t.login(email, DEMO_PASSWORD, null).catch(() => null);
    expect(api).toBeNull(); // two factors are needed now
    nextPeriod();
    nextPeriod();
    const signedIn = await signIn(email, DEMO_PASSWORD, { totp: await codeOf(secret) });
    const session = t.client(signedIn.body.token);
    nextPeriod();
    const elsewhere = t.client(
      (await signIn(email, DEMO_PASSWORD, { totp: await codeOf(secret) })).body.token,
    );
    const wrong = await session.post('/api/person/2fa/disable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('TWO_FACTOR_CODE_WRONG');
    nextPeriod();
    const off = await session.post('/api/person/2fa/disable', { code: await codeOf(secret) });
    expect(off.status).toBe(200);
    // ASVS 7.4.3: a changed factor ends the other sessions, not the one that changed it.
    expect((await elsewhere.get('/api/person/current')).status).toBe(401);
    expect((await session.get('/api/person/current')).status).toBe(200);
    expect((await signIn(email, DEMO_PASSWORD)).body.success).toBe(true);
  });
});

describe("an admin's controls", () => {
  it('requires two factors of admins only once the admin has them, and sends an admin without them to set them up', async () => {
    await t.endThrottleWindows();
    const admin = await t.loginDemo();
    const early = await admin.put('/api/organization/two-factor-policy', { adminsRequired: true });
    expect(early.status).toBe(409);
    expect(refusal(early.body)).toBe(TwoFactorMessages.setUpYoursFirst);
    const { secret } = await enrol(admin);
    adminSecret = secret;
    const on = await admin.put('/api/organization/two-factor-policy', { adminsRequired: true });
    expect(on.body).toEqual({ adminsRequired: true });
    expect((await admin.get('/api/organization/two-factor-policy')).body).toEqual({ adminsRequired: true });

    // Another admin of the organization, without two factors, signs in to set them up and nothing else.
    const created = await admin.post('/api/person/create', {
      firstName: 'Second',
      lastName: 'Admin',
      email: 'second.admin.2fa@example.com',
      password: 'second-admin-password',
      rights: 3,
    });
    await t.db.execute(sql`UPDATE persons SET email_verified = true WHERE id = ${created.body.personId}`);
    const login = await signIn('second.admin.2fa@example.com', 'second-admin-password');
    expect(login.body).toMatchObject({ success: true, twoFactorSetupRequired: true });
    const second = t.client(login.body.token);
    const refused = await second.get('/api/subscription/all');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: TwoFactorMessages.setupRequired,
      code: 'TWO_FACTOR_SETUP_REQUIRED',
    });
    expect((await second.get('/api/person/current')).status).toBe(200);
    expect((await second.get('/api/person/2fa')).body.setupRequired).toBe(true);
    const setup = await second.post('/api/person/2fa/setup');
    await second.post('/api/person/2fa/enable', { code: await codeOf(setup.body.secret) });
    expect((await second.get('/api/subscription/all')).status).toBe(200);

    // Under the policy, an admin cannot turn their own second factor off.
    const off = await admin.post('/api/person/2fa/disable', { code: await codeOf(secret, 1) });
    expect(off.status).toBe(409);
    await admin.put('/api/organization/two-factor-policy', { adminsRequired: false });
  });

  it("resets a user's second factor: their sessions end and they set it up again at next sign-in", async () => {
    await t.endThrottleWindows();
    const admin = await t.loginDemo().catch(() => null);
    expect(admin).toBeNull(); // the demo admin has two factors now
    const jane = await t
      .client()
      .post('/api/authenticate', { email: DEMO_USER_EMAIL, password: DEMO_PASSWORD });
    expect(jane.body.twoFactorRequired).toBe(true);
    const adminSession = await signInWithFactor(DEMO_EMAIL);
    const janeId = (await adminSession.get('/api/person/all')).body.find(
      (p: { email: string }) => p.email === DEMO_USER_EMAIL,
    ).personId;
    expect((await adminSession.get(`/api/person/${janeId}`)).body.twoFactorEnabled).toBe(true);
    const reset = await adminSession.post(`/api/person/${janeId}/2fa/reset`);
    expect(reset.body).toEqual({ success: true });
    expect((await adminSession.get(`/api/person/${janeId}`)).body.twoFactorEnabled).toBe(false);
    const after = await signIn(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect(after.body).toMatchObject({ success: true, twoFactorSetupRequired: true });
    // Plain users cannot reset anyone's; nobody resets their own this way.
    const plain = t.client(after.body.token);
    expect((await plain.post(`/api/person/${janeId}/2fa/reset`)).status).toBe(403);
    const own = await adminSession.post(`/api/person/${adminSession.personId}/2fa/reset`);
    expect(own.status).toBe(409);
  });
});

let adminSecret = '';

/** The demo admin of Demo Documents Inc., signing in with a fresh code of their app. */
async function signInWithFactor(email: string) {
  const [org] = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM organizations WHERE company_name = 'Demo Documents Inc.'`,
  );
  nextPeriod();
  const res = await signIn(email, DEMO_PASSWORD, { orgId: org!.id, totp: await codeOf(adminSecret) });
  if (!res.body.success) throw new Error(JSON.stringify(res.body));
  return { ...t.client(res.body.token), personId: res.body.person.personId as number };
}
