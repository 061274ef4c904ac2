import { SsoMessages, type SsoRefusal } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { startTestProvider } from '../../../test/support/oidc-test-provider';
import { loginOperator } from '../../../test/support/operator';
import { opsCli } from '../../../test/support/ops-cli';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import {
  countPersons,
  exchangeLanding,
  exchangeTicket,
  personAt,
  ssoSuite,
  startSso,
} from '../../../test/support/sso';
import { persons, ssoAttempts, ssoConfigs, twoFactorEnrolments } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/organizations';

// docs/decisions/036: OpenID Connect single sign-on against a real provider (oidc-provider), claimed
// domains, just-in-time provisioning, enforcement, and each refusal changing nothing.

const DOMAIN = 'acme-sso.test';
const ADMIN_EMAIL = `admin@${DOMAIN}`;
const suite = ssoSuite('Acme SSO', DOMAIN, (t) =>
  startTestProvider(`${t.deps.config.publicUrl}/api/sso/oidc/callback`),
);

const putConfig = (body: Record<string, unknown> = {}) =>
  suite.admin.put('/api/organization/sso', {
    kind: 'oidc',
    issuer: suite.idp.issuer,
    clientId: suite.idp.clientId,
    clientSecret: suite.idp.clientSecret,
    ...body,
  });

/** Follows the browser's redirects through the provider; answers the URL it sends back to the store. */
async function throughProvider(location: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = location;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(suite.t.deps.config.publicUrl)) return new URL(url);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      cookies.set(k!, v ?? '');
    }
    const next = res.headers.get('location');
    if (!next) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(next, url).href;
  }
  throw new Error('too many redirects');
}

const start = (email: string) => startSso(suite.t, email);

async function callback(answer: URL) {
  const res = await suite.t.app.inject({ method: 'GET', url: `${answer.pathname}${answer.search}` });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

const exchange = (landing: URL) => exchangeTicket(suite.t, landing);

const refusalOf = (landing: URL) => landing.searchParams.get('error') as SsoRefusal | null;
const personCount = () => countPersons(suite.t, suite.orgId);

describe('set-up and domains', () => {
  it('claims the domain of the admin’s own verified address at once; another waits for the operator', async () => {
    const own = await suite.admin.post('/api/organization/domains', { domain: DOMAIN.toUpperCase() });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ domain: DOMAIN, verified: true, verifiedBy: 'email' });
    const other = await suite.admin.post('/api/organization/domains', { domain: 'elsewhere.test' });
    expect(other.body).toMatchObject({ domain: 'elsewhere.test', verified: false, verifiedBy: 'pending' });
    const again = await suite.admin.post('/api/organization/domains', { domain: DOMAIN });
    expect(again.status).toBe(409);
    const bad = await suite.admin.post('/api/organization/domains', { domain: 'not a domain' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: SsoMessages.domainInvalid, field: 'domain' });
    const list = await suite.admin.get('/api/organization/domains');
    expect(list.body.domains.map((d: { domain: string }) => d.domain)).toEqual([
      'acme-sso.test',
      'elsewhere.test',
    ]);
    expect((await suite.admin.delete('/api/organization/domains/elsewhere.test')).status).toBe(200);
    expect((await suite.admin.delete('/api/organization/domains/elsewhere.test')).status).toBe(404);
  });

  it('another organization cannot claim a domain verified for this one', async () => {
    const other = await organizationWithAdmin(suite.t, 'Other Co', `boss@${DOMAIN}`);
    const them = await other.signIn();
    const res = await them.post('/api/organization/domains', { domain: DOMAIN });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SsoMessages.domainTaken);
  });

  it('the operator verifies a pending claim from the command line', async () => {
    const lines: string[] = [];
    const ops = opsCli(() => suite.t, lines, { mode: 'demo', publicUrl: suite.t.deps.config.publicUrl });
    expect(
      (await suite.admin.post('/api/organization/domains', { domain: 'acme-labs.test' })).body.verified,
    ).toBe(false);
    expect(await ops('org:verify-domain', String(suite.orgId), '--domain', 'ACME-labs.test')).toBe(0);
    expect(lines[0]).toContain('Domain acme-labs.test is verified');
    const list = await suite.admin.get('/api/organization/domains');
    expect(list.body.domains).toContainEqual(
      expect.objectContaining({ domain: 'acme-labs.test', verified: true, verifiedBy: 'operator' }),
    );
    // In the organization's Activity log, by the operator.
    const log = await suite.admin.get('/api/organization/activity?kind=sso-domain.verified');
    expect(log.body.items[0]).toMatchObject({
      subject: 'Domain acme-labs.test',
      actor: { kind: 'operator' },
      before: { verifiedBy: null },
      after: { verifiedBy: 'operator' },
    });
    expect((await suite.admin.delete('/api/organization/domains/acme-labs.test')).status).toBe(200);
  });

  it('the operator verifies a pending claim from the console, through the same service', async () => {
    const op = await loginOperator(suite.t);
    expect(
      (await suite.admin.post('/api/organization/domains', { domain: 'acme-console.test' })).status,
    ).toBe(201);
    const listed = await op.get(`/api/ops/organizations/${suite.orgId}/domains`);
    expect(listed.body.domains).toContainEqual(
      expect.objectContaining({ domain: 'acme-console.test', verified: false, verifiedBy: 'pending' }),
    );
    const verified = await op.post(
      `/api/ops/organizations/${suite.orgId}/domains/ACME-console.test/verify`,
      {},
    );
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      domain: 'acme-console.test',
      verified: true,
      verifiedBy: 'operator',
    });
    // Not claimed by the organization, or not a domain: refused, nothing changed.
    const unclaimed = await op.post(`/api/ops/organizations/${suite.orgId}/domains/nobody.test/verify`, {});
    expect(unclaimed.status).toBe(404);
    expect(unclaimed.body.message).toBe(SsoMessages.domainNotFound);
    expect(
      (await op.post(`/api/ops/organizations/${suite.orgId}/domains/not_a_domain/verify`, {})).status,
    ).toBe(400);
    // A customer's admin cannot.
    expect(
      (await suite.admin.post(`/api/ops/organizations/${suite.orgId}/domains/acme-console.test/verify`, {}))
        .status,
    ).toBe(404);
    expect((await suite.admin.delete('/api/organization/domains/acme-console.test')).status).toBe(200);
  });

  it('offers nothing before the set-up; keeps the secret sealed and never answers it back', async () => {
    expect((await suite.t.client().get(`/api/sso/offered?email=someone@${DOMAIN}`)).body).toEqual({
      sso: false,
    });
    const unreachable = await putConfig({ issuer: 'http://127.0.0.1:9/nothing' });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body).toMatchObject({ message: SsoMessages.discoveryFailed, field: 'issuer' });
    const noSecret = await putConfig({ clientSecret: undefined });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.field).toBe('clientSecret');
    expect(await suite.t.db.select().from(ssoConfigs)).toEqual([]);

    const res = await putConfig();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      redirectUri: `${suite.t.deps.config.publicUrl}/api/sso/oidc/callback`,
      saml: expect.objectContaining({ acsUrl: `${suite.t.deps.config.publicUrl}/api/sso/saml/acs` }),
      config: {
        kind: 'oidc',
        issuer: suite.idp.issuer,
        clientId: suite.idp.clientId,
        clientSecretSet: true,
        enforced: false,
        defaultRole: 'user',
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(suite.idp.clientSecret);
    const [row] = await suite.t.db.select().from(ssoConfigs);
    expect(row!.clientSecretBox).not.toContain(suite.idp.clientSecret);
    // Saved again without the secret: the kept one stays.
    expect((await putConfig({ clientSecret: '' })).status).toBe(200);
    expect((await suite.t.db.select().from(ssoConfigs))[0]!.clientSecretBox).toBe(row!.clientSecretBox);
    expect(
      (await suite.t.client().get(`/api/sso/offered?email=Someone@${DOMAIN.toUpperCase()}`)).body,
    ).toEqual({
      sso: true,
    });
    expect((await suite.t.client().get('/api/sso/offered?email=someone@elsewhere.test')).body).toEqual({
      sso: false,
    });
  });

  it('is an admin’s: a plain user is refused', async () => {
    const res = await suite.t.client().get('/api/organization/sso');
    expect(res.status).toBe(401);
  });
});

describe('sign-in', () => {
  beforeEach(() => suite.idp.signInAs(`new.person@${DOMAIN}`, { givenName: 'Nia', familyName: 'New' }));

  it('signs a new person in with an ordinary session, provisioned with the default role', async () => {
    const before = await personCount();
    const location = await start(`new.person@${DOMAIN}`);
    expect(location.startsWith(suite.idp.issuer)).toBe(true);
    const auth = new URL(location);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    const landing = await callback(await throughProvider(location));
    const res = await exchangeLanding(suite.t, landing);
    expect(res.body).toMatchObject({
      success: true,
      person: { email: `new.person@${DOMAIN}`, firstName: 'Nia' },
    });
    expect(res.body.organization.organizationId).toBe(suite.orgId);
    expect(await personCount()).toBe(before + 1);
    const created = await personAt(suite.t, `new.person@${DOMAIN}`);
    expect(created).toMatchObject({ rights: 1, emailVerified: true, passwordHash: '' });
    const session = suite.t.client(res.body.token);
    expect((await session.get('/api/person/current')).body.email).toBe(`new.person@${DOMAIN}`);
    // The ticket is single use.
    expect((await exchange(landing)).status).toBe(400);
  });

  it('gives people it creates the organization’s default role, never more', async () => {
    expect(
      (await putConfig({ clientSecret: undefined, defaultRole: 'billing' })).body.config.defaultRole,
    ).toBe('billing');
    suite.idp.signInAs(`biller@${DOMAIN}`);
    const res = await exchange(await callback(await throughProvider(await start(`biller@${DOMAIN}`))));
    expect(res.body.person).toMatchObject({ email: `biller@${DOMAIN}`, rights: 1 | 4 });
    expect((await putConfig({ clientSecret: undefined, defaultRole: 'user' })).status).toBe(200);
  });

  it('signs an existing person in without making another', async () => {
    suite.idp.signInAs(ADMIN_EMAIL);
    const before = await personCount();
    const res = await exchange(await callback(await throughProvider(await start(ADMIN_EMAIL))));
    expect(res.body.person.email).toBe(ADMIN_EMAIL);
    expect(await personCount()).toBe(before);
  });

  async function refusedWith(refusal: SsoRefusal, landing: URL, before: number) {
    expect(refusalOf(landing)).toBe(refusal);
    expect(landing.hash).toBe('');
    expect(await personCount()).toBe(before);
  }

  it('refuses a code used twice (replayed)', async () => {
    const answer = await throughProvider(await start(`new.person@${DOMAIN}`));
    const before = await personCount();
    expect((await callback(answer)).hash).toContain('ticket=');
    await refusedWith('replayed', await callback(answer), before);
  });

  it('refuses an answer after the attempt expired', async () => {
    const answer = await throughProvider(await start(`late@${DOMAIN}`));
    const before = await personCount();
    suite.t.clock.advanceMs(11 * 60_000);
    await refusedWith('expired', await callback(answer), before);
  });

  it('refuses a state this store never issued', async () => {
    const answer = await throughProvider(await start(`x@${DOMAIN}`));
    answer.searchParams.set('state', 'forged-state');
    await refusedWith('state-mismatch', await callback(answer), await personCount());
  });

  it('refuses a nonce that does not match', async () => {
    const answer = await throughProvider(await start(`y@${DOMAIN}`));
    await suite.t.db.update(ssoAttempts).set({ nonce: 'another-nonce' }).where(sql`used_at IS NULL`);
    await refusedWith('nonce-mismatch', await callback(answer), await personCount());
  });

  it('refuses an answer that names another issuer', async () => {
    const answer = await throughProvider(await start(`z@${DOMAIN}`));
    answer.searchParams.set('iss', 'https://evil.example');
    await refusedWith('wrong-issuer', await callback(answer), await personCount());
  });

  it('refuses an ID token meant for another audience', async () => {
    const answer = await throughProvider(await start(`w@${DOMAIN}`));
    suite.idp.tamper('audience');
    await refusedWith('wrong-audience', await callback(answer), await personCount());
  });

  it('refuses an address outside the claimed domains', async () => {
    suite.idp.signInAs('stranger@elsewhere.test');
    const answer = await throughProvider(await start(`v@${DOMAIN}`));
    await refusedWith('outside-domains', await callback(answer), await personCount());
  });

  it('refuses to start for an address whose domain offers no SSO', async () => {
    const landing = new URL(await start('someone@elsewhere.test'));
    expect(refusalOf(landing)).toBe('not-offered');
  });
});

describe('the demo', () => {
  it('claims its people’s domain, so a developer’s provider can be tried', async () => {
    const demo = await suite.t.loginDemo();
    const res = await demo.get('/api/organization/domains');
    expect(res.body.domains).toEqual([expect.objectContaining({ domain: 'example.com', verified: true })]);
  });
});

describe('enforcement', () => {
  it('refuses passwords for the domain’s people once enforced, except admins with two-factor', async () => {
    const user = await personAt(suite.t, `new.person@${DOMAIN}`);
    const adminRow = await personAt(suite.t, ADMIN_EMAIL);
    await suite.t.db
      .update(persons)
      .set({ passwordHash: adminRow!.passwordHash })
      .where(eq(persons.id, user!.id));
    const signIn = (email: string) =>
      suite.t
        .client()
        .post('/api/authenticate', { email, password: DEMO_PASSWORD, orgId: null, rememberMe: true });
    expect((await signIn(`new.person@${DOMAIN}`)).body.success).toBe(true);

    expect((await putConfig({ clientSecret: undefined, enforced: true })).body.config.enforced).toBe(true);
    const refused = await signIn(`new.person@${DOMAIN}`);
    expect(refused.body).toMatchObject({ success: false, token: null, error: SsoMessages.passwordRefused });
    // An admin without two-factor is refused too: only two-factor makes the password a way back in.
    expect((await signIn(ADMIN_EMAIL)).body.error).toBe(SsoMessages.passwordRefused);
    // With two-factor the admin's password is the way back in: the second step is asked for.
    await suite.t.db
      .insert(twoFactorEnrolments)
      .values({ personId: adminRow!.id, secret: 'sealed', enabledAt: new Date() });
    expect((await signIn(ADMIN_EMAIL)).body).toMatchObject({ success: false, twoFactorRequired: true });
    await suite.t.db.delete(twoFactorEnrolments).where(eq(twoFactorEnrolments.personId, adminRow!.id));
    // Single sign-on itself is still open to the people whose passwords are refused.
    suite.idp.signInAs(`new.person@${DOMAIN}`);
    const res = await exchange(await callback(await throughProvider(await start(`new.person@${DOMAIN}`))));
    expect(res.body.success).toBe(true);
    await suite.t.endThrottleWindows();
  });
});
