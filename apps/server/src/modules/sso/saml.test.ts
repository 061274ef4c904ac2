import { SsoMessages, type SsoRefusal } from '@store/core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SamlTamper, startSamlTestIdp } from '../../../test/support/saml-test-idp';
import { countPersons, exchangeLanding, personAt, ssoSuite, startSso } from '../../../test/support/sso';
import { ssoConfigs } from '../../db/schema';

// docs/decisions/037: SAML 2.0 single sign-on against a real identity provider started by the test
// (its own self-signed certificate), just-in-time provisioning with the default role, and each
// refusal of the issue changing nothing.

const DOMAIN = 'acme-saml.test';
const suite = ssoSuite('Acme SAML', DOMAIN, (t) => startSamlTestIdp(() => t.clock.now()));
beforeAll(async () => {
  expect((await suite.admin.post('/api/organization/domains', { domain: DOMAIN })).body.verified).toBe(true);
});

const personCount = () => countPersons(suite.t, suite.orgId);

const start = (email: string) => startSso(suite.t, email);

/** Posts the provider's answer to the ACS as the browser's form would; where the store sends it. */
async function post(answer: { acs: string; samlResponse: string }) {
  expect(answer.acs).toBe(`${suite.t.deps.config.publicUrl}/api/sso/saml/acs`);
  const res = await suite.t.app.inject({
    method: 'POST',
    url: '/api/sso/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: answer.samlResponse, RelayState: '' }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

const signIn = async (email: string) => post(await suite.idp.answer(await start(email)));

describe('set-up', () => {
  it('offers the store’s SP metadata for the organization to download', async () => {
    const settings = await suite.admin.get('/api/organization/sso');
    const entityId = `${suite.t.deps.config.publicUrl}/api/sso/saml/metadata/${suite.orgId}`;
    expect(settings.body.saml).toEqual({
      entityId,
      acsUrl: `${suite.t.deps.config.publicUrl}/api/sso/saml/acs`,
      metadataUrl: entityId,
    });
    const res = await suite.t.app.inject({ method: 'GET', url: `/api/sso/saml/metadata/${suite.orgId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toContain(`entityID="${entityId}"`);
    expect(res.body).toContain(`Location="${suite.t.deps.config.publicUrl}/api/sso/saml/acs"`);
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/sso/saml/metadata/nope' })).statusCode).toBe(
      400,
    );
  });

  it('refuses metadata it cannot use, keeping nothing', async () => {
    const put = (body: Record<string, unknown>) =>
      suite.admin.put('/api/organization/sso', { kind: 'saml', ...body });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, SsoMessages.metadataRequired, 'metadataXml'],
      [
        { metadataXml: suite.idp.metadataXml, metadataUrl: suite.idp.metadataUrl },
        SsoMessages.metadataBoth,
        'metadataUrl',
      ],
      [{ metadataXml: '<not-metadata/>' }, SsoMessages.metadataUnreadable, 'metadataXml'],
      [{ metadataXml: 'no xml at all <' }, SsoMessages.metadataUnreadable, 'metadataXml'],
      [
        { metadataXml: suite.idp.metadataXml.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '') },
        SsoMessages.metadataNoCertificate,
        'metadataXml',
      ],
      [
        { metadataXml: suite.idp.metadataXml.replace('bindings:HTTP-Redirect', 'bindings:HTTP-Artifact') },
        SsoMessages.metadataNoSsoUrl,
        'metadataXml',
      ],
      [{ metadataUrl: 'ftp://idp.example.com/metadata' }, SsoMessages.metadataUrlInvalid, 'metadataUrl'],
      [{ metadataUrl: `${suite.idp.metadataUrl}-missing` }, SsoMessages.metadataFetchFailed, 'metadataUrl'],
    ];
    for (const [body, message, field] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    }
    expect(await suite.t.db.select().from(ssoConfigs)).toEqual([]);
  });

  it('keeps the provider’s entity id, sign-in URL and certificate, from pasted XML or a URL', async () => {
    const pasted = await suite.admin.put('/api/organization/sso', {
      kind: 'saml',
      metadataXml: suite.idp.metadataXml,
      defaultRole: 'licenses',
    });
    expect(pasted.status).toBe(200);
    expect(pasted.body.config).toEqual({
      kind: 'saml',
      entityId: suite.idp.entityId,
      ssoUrl: suite.idp.entityId.replace('/metadata', '/sso'),
      metadataUrl: null,
      enforced: false,
      defaultRole: 'licenses',
    });
    const fromUrl = await suite.admin.put('/api/organization/sso', {
      kind: 'saml',
      metadataUrl: suite.idp.metadataUrl,
    });
    expect(fromUrl.body.config).toMatchObject({
      entityId: suite.idp.entityId,
      metadataUrl: suite.idp.metadataUrl,
    });
    // Saved again with neither: the kept metadata and its URL stay; the role too.
    const kept = await suite.admin.put('/api/organization/sso', { kind: 'saml', enforced: false });
    expect(kept.body.config).toMatchObject({ metadataUrl: suite.idp.metadataUrl, defaultRole: 'licenses' });
    const [row] = await suite.t.db.select().from(ssoConfigs);
    expect(row!.samlCertificates).toBeTruthy();
    expect(row!.clientSecretBox).toBeNull();
    const admins = await suite.admin.put('/api/organization/sso', { kind: 'saml', defaultRole: 'admin' });
    expect(admins.status).toBe(400);
    expect(admins.body.field).toBe('defaultRole');
  });
});

describe('sign-in', () => {
  beforeEach(() => suite.idp.signInAs(`new.person@${DOMAIN}`, { firstName: 'Sam', lastName: 'Saml' }));

  it('sends the person to the provider with an AuthnRequest and signs them in with the default role', async () => {
    const before = await personCount();
    const location = await start(`new.person@${DOMAIN}`);
    expect(location.startsWith(suite.idp.entityId.replace('/metadata', '/sso?SAMLRequest='))).toBe(true);
    const landing = await post(await suite.idp.answer(location));
    const res = await exchangeLanding(suite.t, landing);
    expect(res.body).toMatchObject({
      success: true,
      person: { email: `new.person@${DOMAIN}`, firstName: 'Sam', lastName: 'Saml' },
    });
    expect(res.body.organization.organizationId).toBe(suite.orgId);
    expect(await personCount()).toBe(before + 1);
    const created = await personAt(suite.t, `new.person@${DOMAIN}`);
    // User and the organization's default role (licenses, 8), no password, a verified address.
    expect(created).toMatchObject({ rights: 1 | 8, emailVerified: true, passwordHash: '' });
    expect((await suite.t.client(res.body.token).get('/api/person/current')).body.email).toBe(
      `new.person@${DOMAIN}`,
    );
  });

  /** The provider's answer for the address, not yet posted; and how many people there were. */
  async function answerFor(email = `someone@${DOMAIN}`) {
    suite.idp.signInAs(email);
    const before = await personCount();
    return { answer: await suite.idp.answer(await start(email)), before };
  }

  async function expectRefusal(refusal: SsoRefusal, landing: URL, before: number) {
    expect(landing.pathname).toBe('/sso');
    expect(landing.searchParams.get('error')).toBe(refusal);
    expect(landing.hash).toBe('');
    expect(await personCount()).toBe(before);
  }

  it.each<[SamlTamper, SsoRefusal]>([
    ['unsigned', 'unsigned'],
    ['foreign-signature', 'bad-signature'],
    ['audience', 'wrong-audience'],
    ['issuer', 'wrong-issuer'],
    ['in-response-to', 'state-mismatch'],
  ])('refuses an answer tampered as %s with %s', async (tamper, refusal) => {
    const before = await personCount();
    const location = await start(`fresh.${tamper}@${DOMAIN}`);
    suite.idp.signInAs(`fresh.${tamper}@${DOMAIN}`);
    suite.idp.tamper(tamper);
    await expectRefusal(refusal, await post(await suite.idp.answer(location)), before);
  });

  it('refuses an answer posted twice (replayed)', async () => {
    const { answer, before } = await answerFor();
    expect((await post(answer)).hash).toContain('ticket=');
    await expectRefusal('replayed', await post(answer), before + 1);
  });

  it('refuses an assertion id seen before, even in an answer to another request', async () => {
    suite.idp.tamper('fixed-assertion-id');
    expect((await signIn(`new.person@${DOMAIN}`)).hash).toContain('ticket=');
    suite.idp.tamper('fixed-assertion-id');
    await expectRefusal('replayed', await signIn(`new.person@${DOMAIN}`), await personCount());
  });

  it('refuses an assertion past its NotOnOrAfter by the store’s clock', async () => {
    const { answer, before } = await answerFor(`late@${DOMAIN}`);
    suite.t.clock.advanceMs(6 * 60_000 + 1);
    await expectRefusal('expired', await post(answer), before);
  });

  it('refuses an address outside the claimed domains', async () => {
    const location = await start(`v@${DOMAIN}`);
    suite.idp.signInAs('stranger@elsewhere.test');
    await expectRefusal('outside-domains', await post(await suite.idp.answer(location)), await personCount());
  });

  it('refuses what is not a SAML answer at all, never a 500', async () => {
    for (const samlResponse of ['', 'not base64 !', Buffer.from('<x/>').toString('base64')]) {
      await expectRefusal(
        'state-mismatch',
        await post({ acs: `${suite.t.deps.config.publicUrl}/api/sso/saml/acs`, samlResponse }),
        await personCount(),
      );
    }
  });
});

describe('the Activity log', () => {
  type Entry = {
    kind: string;
    subject: string;
    summary: string;
    actor: { name?: string };
    before: unknown;
    after: unknown;
  };
  /** The newest entries of each kind (the log answers 25 a page, newest first). */
  const activity = async (kinds: string[]): Promise<Entry[]> =>
    (
      await Promise.all(kinds.map((kind) => suite.admin.get(`/api/organization/activity?kind=${kind}`)))
    ).flatMap((res) => res.body.items);

  it('records the set-up, domains, sign-ins and refusals, never a certificate or an assertion', async () => {
    expect((await suite.admin.put('/api/organization/sso', { kind: 'saml', enforced: true })).status).toBe(
      200,
    );
    suite.idp.signInAs(`logged@${DOMAIN}`, { firstName: 'Lou', lastName: 'Logged' });
    expect((await signIn(`logged@${DOMAIN}`)).hash).toContain('ticket=');
    suite.idp.tamper('unsigned');
    expect((await signIn(`logged@${DOMAIN}`)).searchParams.get('error')).toBe('unsigned');
    expect((await suite.admin.post('/api/organization/domains', { domain: 'later.test' })).status).toBe(201);
    expect((await suite.admin.delete('/api/organization/domains/later.test')).status).toBe(200);
    expect((await suite.admin.delete('/api/organization/sso')).status).toBe(200);

    const all = [
      'sso.created',
      'sso.updated',
      'sso.signed-in',
      'sso.refused',
      'sso-domain.created',
      'sso-domain.deleted',
      'sso.deleted',
    ];
    const entries = await activity(all);
    const kinds = entries.map((e) => e.kind);
    for (const kind of all) expect(kinds, kind).toContain(kind);
    const enforced = entries.find(
      (e) => e.kind === 'sso.updated' && JSON.stringify(e.after).includes('enforced'),
    );
    expect(enforced).toMatchObject({ before: { enforced: false }, after: { enforced: true } });
    expect(entries.find((e) => e.kind === 'sso.signed-in')).toMatchObject({
      subject: `logged@${DOMAIN}`,
      actor: { name: 'Lou Logged' },
      after: { kind: 'saml', email: `logged@${DOMAIN}` },
    });
    expect(entries.find((e) => e.kind === 'sso.refused')).toMatchObject({
      after: { kind: 'saml', refusal: 'unsigned' },
    });
    expect(entries.find((e) => e.kind === 'sso-domain.created')?.subject).toBe('Domain later.test');
    const [row] = await suite.t.db.select().from(ssoConfigs);
    expect(row).toBeUndefined();
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain('X509');
    expect(everything).not.toContain('Certificate');
    expect(everything).not.toContain('SAMLResponse');
    expect(everything).not.toContain('Assertion');
  });
});
