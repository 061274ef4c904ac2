import { AccountMessages, Rights } from '@store/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../../../test/support/accounts';
import { refusal } from '../../../test/support/refusal';
import { linkFrom, type SmtpCapture, startSmtpCapture } from '../../../test/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_EMAIL } from '../../seed/organizations';
import { EMAIL_NOT_VERIFIED } from '../identity/identity.service';

let smtp: SmtpCapture;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://store.example.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const count = async (table: 'organizations' | 'persons') =>
  Number((await queryRows<{ n: number }>(t.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);

const signIn = (email: string, password: string, orgId: number | null = null) =>
  t.client().post('/api/authenticate', { email, password, orgId, rememberMe: true });

describe('registration → verification → sign-in, over real SMTP', () => {
  it('registers, mails a verify link built from PUBLIC_URL, refuses sign-in until verified, then signs in', async () => {
    const email = 'founder@newco.example';
    const res = await t.client().post('/api/organization/register', registration(email, 'NewCo Ltd.'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email });

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Verify your e-mail address');
    const link = linkFrom(mail, 'VerifyEmail');
    expect(link.startsWith('https://store.example.test/VerifyEmail/')).toBe(true);

    const before = await signIn(email, 'first-password');
    expect(before.body).toMatchObject({ success: false, error: EMAIL_NOT_VERIFIED, token: null });

    const token = decodeURIComponent(link.split('/VerifyEmail/')[1]!);
    const verified = await t.client().post(`/api/person/verify_email/${encodeURIComponent(token)}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, email });

    const after = await signIn(email, 'first-password');
    expect(after.body.success).toBe(true);
    expect(after.body.person).toMatchObject({
      email,
      rights: Rights.User | Rights.Admin,
      emailVerified: true,
      firstName: 'Ada',
    });
    expect(after.body.organization).toMatchObject({
      companyName: 'NewCo Ltd.',
      country: 'US',
      city: 'Springfield',
    });

    // Single use.
    const again = await t.client().post(`/api/person/verify_email/${encodeURIComponent(token)}`);
    expect(again.body).toMatchObject({ success: false, error: AccountMessages.verifyLinkInvalid });
  });

  it('allows an e-mail that already belongs to another organization (one person per organization)', async () => {
    const res = await t
      .client()
      .post('/api/organization/register', registration(DEMO_EMAIL.toUpperCase(), 'Second Home Inc.'));
    expect(res.status).toBe(201);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM persons WHERE lower(email) = ${DEMO_EMAIL}`,
    );
    expect(Number(rows[0]!.n)).toBe(3);
  });

  it('lets a verify link expire after 7 days', async () => {
    const email = 'slow@newco.example';
    await t.client().post('/api/organization/register', registration(email));
    const token = decodeURIComponent(
      linkFrom(await smtp.waitFor(email), 'VerifyEmail').split('/VerifyEmail/')[1]!,
    );
    t.clock.advanceDays(7.01);
    const res = await t.client().post(`/api/person/verify_email/${encodeURIComponent(token)}`);
    expect(res.body).toMatchObject({ success: false, error: AccountMessages.verifyLinkInvalid });
    expect((await signIn(email, 'first-password')).body.error).toBe(EMAIL_NOT_VERIFIED);
  });

  it('answers an unknown verify link with a clear message', async () => {
    const res = await t.client().post('/api/person/verify_email/not-a-real-token');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, error: AccountMessages.verifyLinkInvalid });
  });
});

describe('bad registrations → 400, nothing created', () => {
  const good = registration('bad@newco.example');
  it.each([
    [{}, 'organization'],
    [
      { ...good, organization: { ...good.organization, orgName: ' ' } },
      'organization.orgName: Organization Name is required',
    ],
    [{ ...good, organization: { ...good.organization, addr1: '' } }, 'Address 1 is required'],
    [{ ...good, organization: { ...good.organization, city: '' } }, 'City is required'],
    [{ ...good, organization: { ...good.organization, country: '' } }, 'Country is required'],
    [{ ...good, organization: { ...good.organization, country: 'XX' } }, AccountMessages.countryUnknown],
    [{ ...good, organization: { ...good.organization, zip: '' } }, 'Postal Code is required'],
    [{ ...good, admin: { ...good.admin, firstName: '' } }, 'First Name is required'],
    [{ ...good, admin: { ...good.admin, lastName: '' } }, 'Last name is required'],
    [{ ...good, admin: { ...good.admin, email: 'nope' } }, 'Must be a valid email.'],
    [{ ...good, admin: { ...good.admin, password: 'short' } }, 'Password must be at least 8 characters'],
    [{ ...good, admin: { ...good.admin, rights: 7 } }, 'Unrecognized key'],
    [{ ...good, organization: { ...good.organization, discount: 0.5 } }, 'Unrecognized key'],
  ])('%#: refuses with "%s"', async (body, message) => {
    const [orgs, people] = [await count('organizations'), await count('persons')];
    const res = await t.client().post('/api/organization/register', body);
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toContain(message);
    expect(await count('organizations')).toBe(orgs);
    expect(await count('persons')).toBe(people);
  });
});
