import { PasswordMessages } from '@store/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newUser, registration, tokenFrom, waitForMail } from '../../../test/support/accounts';
import { demoAdminSuite } from '../../../test/support/demo-admin-suite';
import { queryRows } from '../../db/client';
import { assertAcceptablePassword } from '../../lib/password-policy';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../seed/organizations';

// ASVS 5.0 6.2.4 (common passwords) and 6.2.11 (context words): every place that sets a password.
const suite = demoAdminSuite();

const hashOf = async (email: string) =>
  (
    await queryRows<{ h: string }>(
      suite.t.db,
      sql`SELECT password_hash AS h FROM persons WHERE email = ${email}`,
    )
  )
    .map((r) => r.h)
    .join();

const refusedWith = (message: string) => ({ status: 400, body: { message, code: 'WEAK_PASSWORD' } });

describe("the demo's own accounts", () => {
  it('sign in with a password the product would accept for each of them', async () => {
    const people = await queryRows<{ email: string; organizationName: string }>(
      suite.t.db,
      sql`SELECT p.email, o.company_name AS "organizationName"
          FROM persons p JOIN organizations o ON o.id = p.organization_id`,
    );
    expect(people.length).toBeGreaterThan(3);
    for (const person of people) expect(() => assertAcceptablePassword(DEMO_PASSWORD, person)).not.toThrow();
  });
});

describe('a new password is neither common nor made of the context', () => {
  it('registration refuses a common password and the organization’s name, and creates nothing', async () => {
    const common = registration('founder@weakco.example', 'WeakCo Labs');
    common.admin.password = 'Password123';
    expect(await suite.t.client().post('/api/organization/register', common)).toMatchObject(
      refusedWith(PasswordMessages.tooCommon),
    );
    const named = registration('founder@weakco.example', 'WeakCo Labs');
    named.admin.password = 'weakco-labs-2026';
    expect(await suite.t.client().post('/api/organization/register', named)).toMatchObject(
      refusedWith(PasswordMessages.containsContextWord),
    );
    expect(await hashOf('founder@weakco.example')).toBe('');
    const fine = registration('founder@weakco.example', 'WeakCo Labs');
    expect((await suite.t.client().post('/api/organization/register', fine)).status).toBe(201);
  });

  it('an admin adding a user cannot give them a common password', async () => {
    const res = await suite.admin.post(
      '/api/person/create',
      newUser('nina.weak@example.com', { password: 'iloveyou1' }),
    );
    expect(res).toMatchObject(refusedWith(PasswordMessages.tooCommon));
    expect(await hashOf('nina.weak@example.com')).toBe('');
  });

  it("changing one's own password to one holding the e-mail address is refused and changes nothing", async () => {
    const jane = await suite.t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    const before = await hashOf(DEMO_USER_EMAIL);
    const res = await jane.post(`/api/person/update/${jane.person.personId}`, {
      password: `${DEMO_USER_EMAIL.split('@')[0]}-2026`,
      currentPassword: DEMO_PASSWORD,
    });
    expect(res).toMatchObject(refusedWith(PasswordMessages.containsContextWord));
    expect(await hashOf(DEMO_USER_EMAIL)).toBe(before);
  });

  it('a reset link cannot set a common password, and stays usable for a good one', async () => {
    await suite.t.client().get(`/api/person/password_reset_request/${encodeURIComponent(DEMO_USER_EMAIL)}`);
    const token = tokenFrom(await waitForMail(() => suite.t.mailer.sent, DEMO_USER_EMAIL), 'ResetPassword');
    const body = (password: string) => ({ email: DEMO_USER_EMAIL, password, orgId: null, rememberMe: true });
    const weak = await suite.t.client().post(`/api/person/reset_password/${token}`, body('qwertyuiop'));
    expect(weak).toMatchObject(refusedWith(PasswordMessages.tooCommon));
    const good = await suite.t
      .client()
      .post(`/api/person/reset_password/${token}`, body('harder-to-guess-77'));
    expect(good.body).toMatchObject({ success: true });
  });
});
