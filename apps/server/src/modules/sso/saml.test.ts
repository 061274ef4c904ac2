import { SsoMessages, type SsoRefusal } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import { type SamlTamper, type SamlTestIdp, startSamlTestIdp } from '../../../test/support/saml-test-idp';
import { countPersons, startSso } from '../../../test/support/sso';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { persons, ssoConfigs } from '../../db/schema';

// docs/decisions/037: SAML 2.0 single sign-on against a real identity provider started by the test
// (its own self-signed certificate), just-in-time provisioning with the default role, and each
// refusal of the issue changing nothing.

let t: TestApp;
let idp: SamlTestIdp;
type Client = Awaited<ReturnType<TestApp['login']>>;
let admin: Client;
let orgId: number;
const DOMAIN = 'acme-saml.test';

beforeAll(async () => {
  t = await createTestApp();
  idp = await startSamlTestIdp(() => t.clock.now());
  const made = await organizationWithAdmin(t, 'Acme SAML', `admin@${DOMAIN}`);
  orgId = made.org.id;
  admin = await made.signIn();
  expect((await admin.post('/api/organization/domains', { domain: DOMAIN })).body.verified).toBe(true);
});
afterAll(async () => {
  await idp?.close();
  await t.close();
});

const personCount = () => countPersons(t, orgId);

const start = (email: string) => startSso(t, email);

/** Posts the provider's answer to the ACS as the browser's form would; where the store sends it. */
async function post(answer: { acs: string; samlResponse: string }) {
  expect(answer.acs).toBe(`${t.deps.config.publicUrl}/api/sso/saml/acs`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sso/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: answer.samlResponse, RelayState: '' }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

const signIn = async (email: string) => post(await idp.answer(await start(email)));

async function exchange(landing: URL) {
  const ticket = new URLSearchParams(landing.hash.slice(1)).get('ticket');
  expect(ticket).toBeTruthy();
  return t.client().post('/api/sso/exchange', { ticket });
}

describe('set-up', () => {
  it('offers the store’s SP metadata for the organization to download', async () => {
    const settings = await admin.get('/api/organization/sso');
    const entityId = `${t.deps.config.publicUrl}/api/sso/saml/metadata/${orgId}`;
    expect(settings.body.saml).toEqual({
      entityId,
      acsUrl: `${t.deps.config.publicUrl}/api/sso/saml/acs`,
      metadataUrl: entityId,
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/sso/saml/metadata/${orgId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toContain(`entityID="${entityId}"`);
    expect(res.body).toContain(`Location="${t.deps.config.publicUrl}/api/sso/saml/acs"`);
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/saml/metadata/nope' })).statusCode).toBe(400);
  });

  it('refuses metadata it cannot use, keeping nothing', async () => {
    const put = (body: Record<string, unknown>) =>
      admin.put('/api/organization/sso', { kind: 'saml', ...body });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, SsoMessages.metadataRequired, 'metadataXml'],
      [
        { metadataXml: idp.metadataXml, metadataUrl: idp.metadataUrl },
        SsoMessages.metadataBoth,
        'metadataUrl',
      ],
      [{ metadataXml: '<not-metadata/>' }, SsoMessages.metadataUnreadable, 'metadataXml'],
      [{ metadataXml: 'no xml at all <' }, SsoMessages.metadataUnreadable, 'metadataXml'],
      [
        { metadataXml: idp.metadataXml.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '') },
        SsoMessages.metadataNoCertificate,
        'metadataXml',
      ],
      [
        { metadataXml: idp.metadataXml.replace('bindings:HTTP-Redirect', 'bindings:HTTP-Artifact') },
        SsoMessages.metadataNoSsoUrl,
        'metadataXml',
      ],
      [{ metadataUrl: 'ftp://idp.example.com/metadata' }, SsoMessages.metadataUrlInvalid, 'metadataUrl'],
      [{ metadataUrl: `${idp.metadataUrl}-missing` }, SsoMessages.metadataFetchFailed, 'metadataUrl'],
    ];
    for (const [body, message, field] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    }
    expect(await t.db.select().from(ssoConfigs)).toEqual([]);
  });

  it('keeps the provider’s entity id, sign-in URL and certificate, from pasted XML or a URL', async () => {
    const pasted = await admin.put('/api/organization/sso', {
      kind: 'saml',
      metadataXml: idp.metadataXml,
      defaultRole: 'licenses',
    });
    expect(pasted.status).toBe(200);
    expect(pasted.body.config).toEqual({
      kind: 'saml',
      entityId: idp.entityId,
      ssoUrl: idp.entityId.replace('/metadata', '/sso'),
      metadataUrl: null,
      enforced: false,
      defaultRole: 'licenses',
    });
    const fromUrl = await admin.put('/api/organization/sso', { kind: 'saml', metadataUrl: idp.metadataUrl });
    expect(fromUrl.body.config).toMatchObject({ entityId: idp.entityId, metadataUrl: idp.metadataUrl });
    // Saved again with neither: the kept metadata and its URL stay; the role too.
    const kept = await admin.put('/api/organization/sso', { kind: 'saml', enforced: false });
    expect(kept.body.config).toMatchObject({ metadataUrl: idp.metadataUrl, defaultRole: 'licenses' });
    const [row] = await t.db.select().from(ssoConfigs);
    expect(row!.samlCertificates).toBeTruthy();
    expect(row!.clientSecretBox).toBeNull();
    const admins = await admin.put('/api/organization/sso', { kind: 'saml', defaultRole: 'admin' });
    expect(admins.status).toBe(400);
    expect(admins.body.field).toBe('defaultRole');
  });
});

describe('sign-in', () => {
  beforeEach(() => idp.signInAs(`new.person@${DOMAIN}`, { firstName: 'Sam', lastName: 'Saml' }));

  it('sends the person to the provider with an AuthnRequest and signs them in with the default role', async () => {
    const before = await personCount();
    const location = await start(`new.person@${DOMAIN}`);
    expect(location.startsWith(idp.entityId.replace('/metadata', '/sso?SAMLRequest='))).toBe(true);
    const landing = await post(await idp.answer(location));
    expect(landing.pathname).toBe('/sso');
    expect(landing.search).toBe('');
    const res = await exchange(landing);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      person: { email: `new.person@${DOMAIN}`, firstName: 'Sam', lastName: 'Saml' },
    });
    expect(res.body.organization.organizationId).toBe(orgId);
    expect(await personCount()).toBe(before + 1);
    const [created] = await t.db
      .select()
      .from(persons)
      .where(eq(persons.email, `new.person@${DOMAIN}`));
    // User and the organization's default role (licenses, 8), no password, a verified address.
    expect(created).toMatchObject({ rights: 1 | 8, emailVerified: true, passwordHash: '' });
    expect((await t.client(res.body.token).get('/api/person/current')).body.email).toBe(
      `new.person@${DOMAIN}`,
    );
  });

  /** The provider's answer for the address, not yet posted; and how many people there were. */
  async function answerFor(email = `someone@${DOMAIN}`) {
    idp.signInAs(email);
    const before = await personCount();
    return { answer: await idp.answer(await start(email)), before };
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
    idp.signInAs(`fresh.${tamper}@${DOMAIN}`);
    idp.tamper(tamper);
    await expectRefusal(refusal, await post(await idp.answer(location)), before);
  });

  it('refuses an answer posted twice (replayed)', async () => {
    const { answer, before } = await answerFor();
    expect((await post(answer)).hash).toContain('ticket=');
    await expectRefusal('replayed', await post(answer), before + 1);
  });

  it('refuses an assertion id seen before, even in an answer to another request', async () => {
    idp.tamper('fixed-assertion-id');
    expect((await signIn(`new.person@${DOMAIN}`)).hash).toContain('ticket=');
    idp.tamper('fixed-assertion-id');
    await expectRefusal('replayed', await signIn(`new.person@${DOMAIN}`), await personCount());
  });

  it('refuses an assertion past its NotOnOrAfter by the store’s clock', async () => {
    const { answer, before } = await answerFor(`late@${DOMAIN}`);
    t.clock.advanceMs(6 * 60_000 + 1);
    await expectRefusal('expired', await post(answer), before);
  });

  it('refuses an address outside the claimed domains', async () => {
    const location = await start(`v@${DOMAIN}`);
    idp.signInAs('stranger@elsewhere.test');
    await expectRefusal('outside-domains', await post(await idp.answer(location)), await personCount());
  });

  it('refuses what is not a SAML answer at all, never a 500', async () => {
    for (const samlResponse of ['', 'not base64 !', Buffer.from('<x/>').toString('base64')]) {
      await expectRefusal(
        'state-mismatch',
        await post({ acs: `${t.deps.config.publicUrl}/api/sso/saml/acs`, samlResponse }),
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
    (await Promise.all(kinds.map((kind) => admin.get(`/api/organization/activity?kind=${kind}`)))).flatMap(
      (res) => res.body.items,
    );

  it('records the set-up, domains, sign-ins and refusals, never a certificate or an assertion', async () => {
    expect((await admin.put('/api/organization/sso', { kind: 'saml', enforced: true })).status).toBe(200);
    idp.signInAs(`logged@${DOMAIN}`, { firstName: 'Lou', lastName: 'Logged' });
    expect((await signIn(`logged@${DOMAIN}`)).hash).toContain('ticket=');
    idp.tamper('unsigned');
    expect((await signIn(`logged@${DOMAIN}`)).searchParams.get('error')).toBe('unsigned');
    expect((await admin.post('/api/organization/domains', { domain: 'later.test' })).status).toBe(201);
    expect((await admin.delete('/api/organization/domains/later.test')).status).toBe(200);
    expect((await admin.delete('/api/organization/sso')).status).toBe(200);

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
    const [row] = await t.db.select().from(ssoConfigs);
    expect(row).toBeUndefined();
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain('X509');
    expect(everything).not.toContain('Certificate');
    expect(everything).not.toContain('SAMLResponse');
    expect(everything).not.toContain('Assertion');
  });
});
