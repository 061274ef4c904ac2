import { SCIM_MEDIA_TYPE, ScimSchemas } from '@store/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expectScimError,
  makeScimToken,
  scimClient,
  scimSuite,
  scimUserBody as userBody,
} from '../../../test/support/scim-client';
import { persons } from '../../db/schema';
import { DEMO_EMAIL, PERPETUAL_EMAIL } from '../../seed/organizations';

// docs/decisions/038: SCIM 2.0 Users for the organization an API token with the scim scope belongs to,
// answered in application/scim+json, refused in RFC 7644 §3.12's error shape.

const suite = scimSuite();

const personIdOf = async (email: string) =>
  (await suite.t.db.select().from(persons).where(eq(persons.email, email)))[0]!.id;

describe('discovery', () => {
  it('answers ServiceProviderConfig, ResourceTypes and Schemas in the SCIM media type', async () => {
    const config = await suite.scim.get('/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toBe(SCIM_MEDIA_TYPE);
    expect(config.body).toMatchObject({
      schemas: [ScimSchemas.serviceProviderConfig],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      authenticationSchemes: [{ type: 'oauthbearertoken', primary: true }],
    });
    const types = await suite.scim.get('/ResourceTypes');
    expect(types.type).toBe(SCIM_MEDIA_TYPE);
    expect(types.body.Resources.map((r: { id: string; endpoint: string }) => [r.id, r.endpoint])).toEqual([
      ['User', '/Users'],
      ['Group', '/Groups'],
    ]);
    const schemas = await suite.scim.get('/Schemas');
    expect(schemas.body.totalResults).toBe(2);
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual([
      ScimSchemas.user,
      ScimSchemas.group,
    ]);
  });
});

describe('who may call', () => {
  it('refuses a call without a token, with a session, or with a token lacking the scim scope', async () => {
    const none = await scimClient(suite.t, null).get('/Users');
    expectScimError(none, 401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expectScimError(await scimClient(suite.t, suite.admin.token!).get('/Users'), 401);
    expectScimError(await scimClient(suite.t, 'sk_org_notarealtoken').get('/Users'), 401);
    const unscoped = await scimClient(
      suite.t,
      await makeScimToken(suite.admin, ['users:write'], 'No scim'),
    ).get('/Users');
    expectScimError(unscoped, 403);
    expect(unscoped.body.detail).toContain('scim');
  });

  it('answers an address it does not serve with a SCIM 404', async () => {
    expectScimError(await suite.scim.get('/Devices'), 404);
    expectScimError(await suite.scim.patch('/Users', { Operations: [] }), 404);
  });
});

describe('POST /Users', () => {
  it('creates a verified person without a password, and answers 201 with the resource and its Location', async () => {
    const res = await suite.scim.post(
      '/Users',
      userBody('ada.lovelace@example.com', { externalId: 'okta-00u1' }),
    );
    expect(res.status).toBe(201);
    expect(res.type).toBe(SCIM_MEDIA_TYPE);
    expect(res.body).toMatchObject({
      schemas: [ScimSchemas.user],
      userName: 'ada.lovelace@example.com',
      externalId: 'okta-00u1',
      name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' },
      displayName: 'Ada Lovelace',
      emails: [{ value: 'ada.lovelace@example.com', type: 'work', primary: true }],
      active: true,
      groups: [],
      meta: { resourceType: 'User' },
    });
    expect(res.headers.location).toBe(`http://localhost:3000/scim/v2/Users/${res.body.id}`);
    expect(res.body.meta.location).toBe(res.headers.location);
    const [row] = await suite.t.db
      .select()
      .from(persons)
      .where(eq(persons.id, Number(res.body.id)));
    expect(row).toMatchObject({ emailVerified: true, passwordHash: '', rights: 1, externalId: 'okta-00u1' });
    // The Activity log names the token that provisioned the person.
    const activity = (await suite.admin.get('/api/organization/activity?kind=person.created')).body.items;
    expect(activity[0]).toMatchObject({ actor: { kind: 'api-token', name: 'Identity provider' } });
  });

  it('accepts application/json, creates a deactivated person from "False", and refuses other media types', async () => {
    const res = await suite.scim.post(
      '/Users',
      userBody('inactive.one@example.com', { active: 'False' }),
      'application/json',
    );
    expect(res.status).toBe(201);
    expect(res.body.active).toBe(false);
    const plain = await suite.scim.post('/Users', 'userName=x', 'text/plain');
    expectScimError(plain, 415);
    expectScimError(await suite.scim.post('/Users', '{"userName":', SCIM_MEDIA_TYPE), 400, 'invalidSyntax');
  });

  it('refuses an address the organization has (any letter case) with 409 uniqueness, changing nothing', async () => {
    const before = (await suite.scim.get('/Users')).body.totalResults;
    expectScimError(await suite.scim.post('/Users', userBody('Jane.Miller@example.com')), 409, 'uniqueness');
    expect((await suite.scim.get('/Users')).body.totalResults).toBe(before);
  });

  it.each([
    [{ userName: 'not-an-address' }],
    [{ name: { givenName: 'No userName' } }],
    [{ userName: 'x@example.com', active: 'perhaps' }],
    [{ userName: 'x@example.com', name: { givenName: 42 } }],
  ])('refuses %j with 400 invalidValue', async (body) => {
    expectScimError(await suite.scim.post('/Users', body), 400, 'invalidValue');
  });
});

describe('GET /Users', () => {
  it("reads a person by id; another organization's id, an unknown one and a malformed one are 404", async () => {
    const janeId = await personIdOf('jane.miller@example.com');
    const jane = await suite.scim.get(`/Users/${janeId}`);
    expect(jane.status).toBe(200);
    expect(jane.type).toBe(SCIM_MEDIA_TYPE);
    expect(jane.body).toMatchObject({
      id: String(janeId),
      userName: 'jane.miller@example.com',
      active: true,
    });
    // Dana Demo is also the admin of the sub-account: the same address, another organization's person.
    const foreign = (await suite.t.db.select().from(persons).where(eq(persons.email, DEMO_EMAIL))).find(
      (p) => p.organizationId !== suite.admin.organization.organizationId,
    )!;
    expectScimError(await suite.scim.get(`/Users/${foreign.id}`), 404);
    expectScimError(await suite.scim.get(`/Users/${await personIdOf(PERPETUAL_EMAIL)}`), 404);
    expectScimError(await suite.scim.get('/Users/99999999'), 404);
    expectScimError(await suite.scim.get('/Users/abc'), 404);
  });

  it('filters by userName (any case), externalId and the work e-mail', async () => {
    const filter = async (f: string) => (await suite.scim.get(`/Users?filter=${encodeURIComponent(f)}`)).body;
    const byName = await filter('userName eq "OMAR.haddad@example.com"');
    expect(byName).toMatchObject({
      schemas: [ScimSchemas.listResponse],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
    });
    expect(byName.Resources[0]).toMatchObject({
      userName: 'omar.haddad@example.com',
      groups: [{ value: 'billing' }],
    });
    expect((await filter('externalId eq "okta-00u1"')).Resources[0].userName).toBe(
      'ada.lovelace@example.com',
    );
    expect((await filter('externalId eq "OKTA-00U1"')).totalResults).toBe(0);
    expect((await filter('emails[type eq "work"].value eq "jane.miller@example.com"')).totalResults).toBe(1);
    expect(await filter('userName eq "nobody@example.com"')).toMatchObject({
      totalResults: 0,
      Resources: [],
    });
    // Another organization's person is not found by address either.
    expect((await filter(`userName eq "${PERPETUAL_EMAIL}"`)).totalResults).toBe(0);
  });

  it('refuses a filter it does not support, or cannot read, with 400 invalidFilter', async () => {
    expectScimError(
      await suite.scim.get(`/Users?filter=${encodeURIComponent('userName sw "a"')}`),
      400,
      'invalidFilter',
    );
    expectScimError(
      await suite.scim.get(`/Users?filter=${encodeURIComponent('userName eq')}`),
      400,
      'invalidFilter',
    );
  });

  it('pages by startIndex and count (RFC 7644 §3.4.2.4)', async () => {
    const all = (await suite.scim.get('/Users')).body;
    expect(all.totalResults).toBeGreaterThanOrEqual(5);
    const ids = all.Resources.map((r: { id: string }) => r.id);
    const page = (await suite.scim.get('/Users?startIndex=2&count=2')).body;
    expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r: { id: string }) => r.id)).toEqual(ids.slice(1, 3));
    const counted = (await suite.scim.get('/Users?count=0')).body;
    expect(counted).toMatchObject({ totalResults: all.totalResults, itemsPerPage: 0, Resources: [] });
    expect((await suite.scim.get('/Users?startIndex=0&count=1')).body.Resources[0].id).toBe(ids[0]);
    expectScimError(await suite.scim.get('/Users?count=many'), 400, 'invalidValue');
  });
});
