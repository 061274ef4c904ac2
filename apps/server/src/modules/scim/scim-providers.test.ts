import { SCIM_MEDIA_TYPE, ScimSchemas } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAdminSuite } from '../../../test/support/demo-admin-suite';
import {
  makeScimToken,
  type ScimAnswer,
  type ScimClient,
  scimClient,
} from '../../../test/support/scim-client';

// docs/decisions/038: the request sequences Okta and Microsoft Entra ID document for a SCIM 2.0
// application, replayed with their documented bodies: look the person up, create them, read them
// back, deactivate them, and give them a role through a group. Each answer is held to its status,
// its media type and its body.

const suite = demoAdminSuite();

function scimOk(res: ScimAnswer, status = 200) {
  expect(res.status).toBe(status);
  expect(res.type).toBe(SCIM_MEDIA_TYPE);
  return res.body;
}

const q = (filter: string) => encodeURIComponent(filter);

describe('Okta', () => {
  // The person in Okta's documented bodies, and its lookup by userName before it creates.
  const oktaUser = {
    schemas: [ScimSchemas.user],
    userName: 'test.user@okta.local',
    name: { givenName: 'Test', familyName: 'User' },
    emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
    displayName: 'Test User',
    locale: 'en-US',
    externalId: '00ujl29u0le5T6Aj10h7',
    groups: [],
    active: true,
  };
  const oktaLookup = `/Users?filter=${q('userName eq "test.user@okta.local"')}&startIndex=1&count=100`;
  let okta: ScimClient;
  beforeAll(async () => {
    okta = scimClient(suite.t, await makeScimToken(suite.admin, ['scim'], 'Okta'));
  });

  it('imports, creates, updates, deactivates and pushes a group as Okta documents it', async () => {
    // Okta reads the discovery document before its first push.
    expect(scimOk(await okta.get('/ServiceProviderConfig')).patch.supported).toBe(true);

    // 1. Is the person there? Okta's lookup before it creates.
    const lookup = await okta.get(oktaLookup);
    expect(scimOk(lookup)).toEqual({
      schemas: [ScimSchemas.listResponse],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });

    // 2. Create, with Okta's documented body (its password and locale are not kept).
    const created = scimOk(await okta.post('/Users', { ...oktaUser, password: '1mz050nq' }), 201);
    expect(created).toMatchObject({
      schemas: [ScimSchemas.user],
      userName: 'test.user@okta.local',
      externalId: '00ujl29u0le5T6Aj10h7',
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
      active: true,
      meta: { resourceType: 'User', location: `http://localhost:3000/scim/v2/Users/${created.id}` },
    });
    expect(created).not.toHaveProperty('password');

    // 3. Read back, by id and by the filter.
    expect(scimOk(await okta.get(`/Users/${created.id}`))).toEqual(created);
    const found = scimOk(await okta.get(oktaLookup));
    expect(found).toMatchObject({ totalResults: 1, Resources: [{ id: created.id }] });

    // 4. A profile change: Okta replaces the whole user with PUT.
    const renamed = scimOk(
      await okta.put(`/Users/${created.id}`, {
        ...oktaUser,
        id: created.id,
        name: { givenName: 'Another', familyName: 'User' },
        displayName: 'Another User',
        meta: { resourceType: 'User' },
      }),
    );
    expect(renamed.name).toMatchObject({ givenName: 'Another', familyName: 'User' });

    // 5. Push a group: Okta creates it; the store's groups are fixed, so it is told to link it,
    //    finds it by name and links it by replacing its name with its own.
    const push = await okta.post('/Groups', {
      schemas: [ScimSchemas.group],
      displayName: 'Billing',
      members: [],
    });
    expect(push.status).toBe(409);
    expect(push.type).toBe(SCIM_MEDIA_TYPE);
    expect(push.body).toMatchObject({ schemas: [ScimSchemas.error], status: '409', scimType: 'uniqueness' });
    const groups = scimOk(
      await okta.get(`/Groups?filter=${q('displayName eq "Billing"')}&startIndex=1&count=100`),
    );
    expect(groups).toMatchObject({ totalResults: 1, Resources: [{ id: 'billing', displayName: 'Billing' }] });
    const linked = scimOk(
      await okta.patch('/Groups/billing', {
        schemas: [ScimSchemas.patchOp],
        Operations: [{ op: 'replace', value: { id: 'billing', displayName: 'Billing' } }],
      }),
    );
    expect(linked.id).toBe('billing');

    // 6. Membership: Okta adds with path members, removes with a filter on the member.
    const joined = scimOk(
      await okta.patch('/Groups/billing', {
        schemas: [ScimSchemas.patchOp],
        Operations: [
          { op: 'add', path: 'members', value: [{ value: created.id, display: 'test.user@okta.local' }] },
        ],
      }),
    );
    expect(joined.members.map((m: { value: string }) => m.value)).toContain(created.id);
    expect(scimOk(await okta.get(`/Users/${created.id}`)).groups).toEqual([
      { value: 'billing', display: 'Billing', $ref: 'http://localhost:3000/scim/v2/Groups/billing' },
    ]);
    const left = scimOk(
      await okta.patch('/Groups/billing', {
        schemas: [ScimSchemas.patchOp],
        Operations: [{ op: 'remove', path: `members[value eq "${created.id}"]` }],
      }),
    );
    expect(left.members.map((m: { value: string }) => m.value)).not.toContain(created.id);

    // 7. Deactivate: Okta's PATCH of active, without a path.
    const deactivated = scimOk(
      await okta.patch(`/Users/${created.id}`, {
        schemas: [ScimSchemas.patchOp],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
    );
    expect(deactivated).toMatchObject({ id: created.id, active: false });
    expect(scimOk(await okta.get(`/Users/${created.id}`)).active).toBe(false);
  });
});

describe('Microsoft Entra ID', () => {
  let entra: ScimClient;
  beforeAll(async () => {
    entra = scimClient(suite.t, await makeScimToken(suite.admin, ['scim'], 'Entra ID'));
  });

  it('creates, finds, updates, disables, groups and deletes as Entra ID documents it', async () => {
    // 1. Entra ID looks the user up by its matching attribute before creating.
    const userName = 'Test_User_ab6490ee@contoso.com';
    const none = scimOk(await entra.get(`/Users?filter=${q(`userName eq "${userName}"`)}`));
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });

    // 2. Create, with Entra ID's documented body (enterprise extension, roles and meta it sends).
    //    Its userName is the user principal name, an address, which the store signs people in by.
    const created = scimOk(
      await entra.post('/Users', {
        schemas: [ScimSchemas.user, ScimSchemas.enterpriseUser],
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        userName,
        active: true,
        emails: [{ primary: true, type: 'work', value: userName }],
        meta: { resourceType: 'User' },
        name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
        roles: [],
      }),
      201,
    );
    expect(created).toMatchObject({
      userName,
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      name: { givenName: 'givenName', familyName: 'familyName' },
      active: true,
    });

    // 3. Found by userName, by the work e-mail, and by externalId.
    for (const filter of [
      `userName eq "${userName}"`,
      `emails[type eq "work"].value eq "${userName}"`,
      'externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"',
    ]) {
      expect(scimOk(await entra.get(`/Users?filter=${q(filter)}`))).toMatchObject({
        totalResults: 1,
        Resources: [{ id: created.id }],
      });
    }

    // 4. Update: Entra ID's documented PATCH, the op capitalised, a path into emails.
    const updated = scimOk(
      await entra.patch(`/Users/${created.id}`, {
        schemas: [ScimSchemas.patchOp],
        Operations: [
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
          { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        ],
      }),
    );
    expect(updated).toMatchObject({ userName, name: { familyName: 'updatedFamilyName' } });

    // 5. A group: Entra ID finds it leaving the members out, then adds and removes members.
    const group = scimOk(
      await entra.get(`/Groups?excludedAttributes=members&filter=${q('displayName eq "Developer"')}`),
    );
    expect(group.Resources).toEqual([
      {
        schemas: [ScimSchemas.group],
        id: 'developer',
        displayName: 'Developer',
        meta: { resourceType: 'Group', location: 'http://localhost:3000/scim/v2/Groups/developer' },
      },
    ]);
    const added = scimOk(
      await entra.patch('/Groups/developer', {
        schemas: [ScimSchemas.patchOp],
        Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: created.id }] }],
      }),
    );
    expect(added.members.map((m: { value: string }) => m.value)).toEqual([created.id]);
    expect((await suite.admin.get(`/api/person/${created.id}`)).body.rights).toBe(1 | 16);
    const removed = scimOk(
      await entra.patch('/Groups/developer', {
        schemas: [ScimSchemas.patchOp],
        Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: created.id }] }],
      }),
    );
    expect(removed.members).toEqual([]);

    // 6. Disable: Entra ID sends the boolean as the string "False".
    const disabled = scimOk(
      await entra.patch(`/Users/${created.id}`, {
        schemas: [ScimSchemas.patchOp],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      }),
    );
    expect(disabled.active).toBe(false);

    // 7. Delete: 204 without a body, then the user is gone.
    const deleted = await entra.delete(`/Users/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    const gone = await entra.get(`/Users/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.type).toBe(SCIM_MEDIA_TYPE);
    expect(gone.body).toMatchObject({ schemas: [ScimSchemas.error], status: '404' });
  });
});
