import { AccountMessages, Messages } from '@store/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFrom, waitForMail } from '../../../test/support/accounts';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import {
  DEMO_COMPANY,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_SUB_ACCOUNT,
  DEMO_USER_EMAIL,
} from '../../seed/organizations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Asks for a reset of `email` and returns the token of the link mailed for it. */
async function resetTokenFor(email: string): Promise<string> {
  const before = t.mailer.sent.length;
  const res = await t.client().get(`/api/person/password_reset_request/${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  const mail = await waitForMail(() => t.mailer.sent.slice(before), email);
  return tokenFrom(mail, 'ResetPassword');
}

const signIn = (email: string, password: string, orgId: number | null = null) =>
  t.client().post('/api/authenticate', { email, password, orgId, rememberMe: true });

const orgIdOf = async (name: string) =>
  Number(
    (
      await queryRows<{ id: number }>(t.db, sql`SELECT id FROM organizations WHERE company_name = ${name}`)
    )[0]!.id,
  );

describe('GET api/person/password_reset_request/{address}', () => {
  it('answers a known and an unknown address the same, and mails only the known one', async () => {
    const before = t.mailer.sent.length;
    const known = await t
      .client()
      .get(`/api/person/password_reset_request/${encodeURIComponent(DEMO_USER_EMAIL)}`);
    const unknown = await t.client().get('/api/person/password_reset_request/nobody%40nowhere.example');
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ success: true, message: AccountMessages.resetRequested });
    expect(known.raw.headers['content-length']).toBe(unknown.raw.headers['content-length']);
    const mail = await waitForMail(() => t.mailer.sent, DEMO_USER_EMAIL);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/ResetPassword\/[A-Za-z0-9_-]{40,}/);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual([DEMO_USER_EMAIL]);
  });

  it('answers before the mail is sent: the lookup and mail run off the response path', async () => {
    const original = t.mailer.send;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    t.mailer.send = async (m) => {
      await gate;
      return original(m);
    };
    try {
      const res = await t.client().get('/api/person/password_reset_request/omar.haddad%40example.com');
      expect(res.status).toBe(200);
    } finally {
      release();
      t.mailer.send = original;
    }
  });

  it('throttles the mails of one address (3 an hour) without changing the answer', async () => {
    const RESET_MAILS_PER_ADDRESS = t.deps.limits.mail.perRecipient.points;
    expect(RESET_MAILS_PER_ADDRESS).toBe(3);
    const email = 'perpetual@example.com';
    const sentTo = () => t.mailer.sent.filter((m) => m.to === email).length;
    for (let i = 0; i < RESET_MAILS_PER_ADDRESS + 2; i++) {
      const res = await t.client().get(`/api/person/password_reset_request/${email}`);
      expect(res.body).toEqual({ success: true, message: AccountMessages.resetRequested });
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(sentTo()).toBe(RESET_MAILS_PER_ADDRESS);
    await t.endThrottleWindows();
    const before = t.mailer.sent.length;
    await t.client().get(`/api/person/password_reset_request/${email}`);
    await waitForMail(() => t.mailer.sent.slice(before), email);
    expect(sentTo()).toBe(RESET_MAILS_PER_ADDRESS + 1);
  });
});

describe('reset links', () => {
  it('stores only a hash of the link', async () => {
    const token = await resetTokenFor('omar.haddad@example.com');
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM one_time_tokens WHERE token_hash = ${token}`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('works once: sets the password, revokes the tokens, and then is used up', async () => {
    const session = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    const token = await resetTokenFor(DEMO_USER_EMAIL);
    expect((await t.client().get(`/api/person/valid_reset_request/${token}`)).body).toEqual({ valid: true });

    const res = await t.client().post(`/api/person/reset_password/${token}`, {
      email: DEMO_USER_EMAIL,
      password: 'brand-new-password',
      orgId: null,
      rememberMe: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });

    expect((await session.get('/api/person/current')).status).toBe(401);
    expect((await signIn(DEMO_USER_EMAIL, DEMO_PASSWORD)).body.success).toBe(false);
    expect((await signIn(DEMO_USER_EMAIL, 'brand-new-password')).body.success).toBe(true);

    expect((await t.client().get(`/api/person/valid_reset_request/${token}`)).body).toEqual({ valid: false });
    const again = await t.client().post(`/api/person/reset_password/${token}`, {
      email: DEMO_USER_EMAIL,
      password: 'another-password',
    });
    expect(again.status).toBe(400);
    expect(refusal(again.body)).toBe(AccountMessages.resetLinkInvalid);
    expect((await signIn(DEMO_USER_EMAIL, 'brand-new-password')).body.success).toBe(true);
  });

  it('does not work after 1 hour', async () => {
    const token = await resetTokenFor('omar.haddad@example.com');
    t.clock.advanceMs(60 * 60_000 + 1000);
    expect((await t.client().get(`/api/person/valid_reset_request/${token}`)).body).toEqual({ valid: false });
    const res = await t.client().post(`/api/person/reset_password/${token}`, {
      email: 'omar.haddad@example.com',
      password: 'too-late-password',
    });
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe(AccountMessages.resetLinkInvalid);
    expect((await signIn('omar.haddad@example.com', 'too-late-password')).body.success).toBe(false);
  });

  it('asks which organization when the e-mail has several, then resets only the chosen one', async () => {
    const token = await resetTokenFor(DEMO_EMAIL);
    const ask = await t.client().post(`/api/person/reset_password/${token}`, {
      email: DEMO_EMAIL,
      password: 'europe-password',
      orgId: null,
    });
    expect(ask.status).toBe(200);
    expect(ask.body.success).toBe(false);
    expect(ask.body.error).toBe(Messages.multipleOrganizations);
    expect(ask.body.possibleOrganizations.map((o: { companyName: string }) => o.companyName)).toEqual([
      DEMO_SUB_ACCOUNT,
      DEMO_COMPANY,
    ]);
    // Asking did not use the link up.
    expect((await t.client().get(`/api/person/valid_reset_request/${token}`)).body).toEqual({ valid: true });

    const europe = await orgIdOf(DEMO_SUB_ACCOUNT);
    const done = await t.client().post(`/api/person/reset_password/${token}`, {
      email: DEMO_EMAIL,
      password: 'europe-password',
      orgId: europe,
    });
    expect(done.body.success).toBe(true);
    expect((await signIn(DEMO_EMAIL, 'europe-password', europe)).body.success).toBe(true);
    expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD, await orgIdOf(DEMO_COMPANY))).body.success).toBe(true);
  });

  it('refuses an e-mail that is not the one the link was sent to, and an organization it does not belong to', async () => {
    const token = await resetTokenFor('omar.haddad@example.com');
    const wrongEmail = await t.client().post(`/api/person/reset_password/${token}`, {
      email: DEMO_EMAIL,
      password: 'hijack-password',
    });
    expect(wrongEmail.status).toBe(400);
    expect(refusal(wrongEmail.body)).toBe(AccountMessages.resetEmailMismatch);
    const wrongOrg = await t.client().post(`/api/person/reset_password/${token}`, {
      email: 'omar.haddad@example.com',
      password: 'hijack-password',
      orgId: await orgIdOf(DEMO_SUB_ACCOUNT),
    });
    expect(wrongOrg.status).toBe(400);
    expect(refusal(wrongOrg.body)).toBe(AccountMessages.resetOrganizationUnknown);
    expect((await t.client().get(`/api/person/valid_reset_request/${token}`)).body).toEqual({ valid: true });
  });

  describe('bad bodies', () => {
    let token: string;
    beforeAll(async () => {
      await t.endThrottleWindows(); // past the per-address mail throttle of the tests above
      token = await resetTokenFor('omar.haddad@example.com');
    });

    it.each([
      [{ email: 'omar.haddad@example.com' }, 'password: Password is required'],
      [
        { email: 'omar.haddad@example.com', password: 'short' },
        'password: Password must be at least 8 characters',
      ],
      [{ password: 'long-enough-1' }, 'email: Email is required'],
      [{ email: 'omar.haddad@example.com', password: 'long-enough-1', orgId: 'x' }, 'orgId'],
      [{ email: 'omar.haddad@example.com', password: 'long-enough-1', admin: true }, 'Unrecognized key'],
    ])('refuses %j with 400 and leaves the link and password alone', async (body, message) => {
      const res = await t.client().post(`/api/person/reset_password/${token}`, body);
      expect(res.status).toBe(400);
      expect(refusal(res.body)).toContain(message);
      expect((await t.client().get(`/api/person/valid_reset_request/${token}`)).body).toEqual({
        valid: true,
      });
      expect((await signIn('omar.haddad@example.com', 'long-enough-1')).body.success).toBe(false);
    });
  });

  it('answers an unknown link as not valid', async () => {
    expect((await t.client().get('/api/person/valid_reset_request/unknown')).body).toEqual({ valid: false });
  });
});
