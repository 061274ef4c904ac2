import { SCIM_MEDIA_TYPE, ScimSchemas } from '@store/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectScimError, type ScimAnswer, scimSuite } from '../../../test/support/scim-client';
import { persons } from '../../db/schema';
import { PERPETUAL_EMAIL } from '../../seed/organizations';

// docs/decisions/038: the Groups are the roles (docs/decisions/033), fixed; their members are the
// persons holding the role's bit, changed by PATCH as Entra ID and Okta send it, or by PUT.

const suite = scimSuite();

const memberIds = (res: ScimAnswer) => res.body.members.map((m: { value: string }) => m.value).sort();
const newUser = async (userName: string) =>
  (await suite.scim.post('/Users', { userName, name: { givenName: 'G', familyName: 'M' } })).body
    .id as string;
const rightsOf = async (id: string) => (await suite.admin.get(`/api/person/${id}`)).body.rights as number;

describe('GET /Groups', () => {
  it('lists the four roles with their members, and leaves the members out when asked', async () => {
    const res = await suite.scim.get('/Groups');
    expect(res.status).toBe(200);
    expect(res.type).toBe(SCIM_MEDIA_TYPE);
    expect(res.body).toMatchObject({ schemas: [ScimSchemas.listResponse], totalResults: 4, startIndex: 1 });
    expect(res.body.Resources.map((g: { id: string; displayName: string }) => [g.id, g.displayName])).toEqual(
      [
        ['admin', 'Administrator'],
        ['billing', 'Billing'],
        ['licenses', 'Licenses'],
        ['developer', 'Developer'],
      ],
    );
    const adminGroup = res.body.Resources[0];
    expect(adminGroup.members).toEqual([
      {
        value: String(suite.admin.person.personId),
        display: 'demo@example.com',
        $ref: `http://localhost:3000/scim/v2/Users/${suite.admin.person.personId}`,
      },
    ]);
    const bare = await suite.scim.get('/Groups?excludedAttributes=members');
    expect(bare.body.Resources.every((g: object) => !('members' in g))).toBe(true);
  });

  it('filters by displayName eq (any case) and pages', async () => {
    const billing = await suite.scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "billing"')}`);
    expect(billing.body).toMatchObject({
      totalResults: 1,
      Resources: [{ id: 'billing', displayName: 'Billing' }],
    });
    const none = await suite.scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "Sales"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    expectScimError(
      await suite.scim.get(`/Groups?filter=${encodeURIComponent('displayName co "a"')}`),
      400,
      'invalidFilter',
    );
    const page = await suite.scim.get('/Groups?startIndex=3&count=1');
    expect(page.body).toMatchObject({
      totalResults: 4,
      startIndex: 3,
      itemsPerPage: 1,
      Resources: [{ id: 'licenses' }],
    });
  });

  it('reads one group; an unknown group is a 404', async () => {
    const res = await suite.scim.get('/Groups/billing');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      schemas: [ScimSchemas.group],
      id: 'billing',
      meta: { resourceType: 'Group' },
    });
    expect(res.body.members.map((m: { display: string }) => m.display)).toEqual(['omar.haddad@example.com']);
    expectScimError(await suite.scim.get('/Groups/sales'), 404);
  });
});

describe('PATCH /Groups/{id}', () => {
  it("adds and removes members as Entra ID sends them, giving and taking the role's bit", async () => {
    const id = await newUser('licensee@example.com');
    const added = await suite.scim.patch('/Groups/licenses', {
      schemas: [ScimSchemas.patchOp],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
    });
    expect(added.status).toBe(200);
    expect(added.type).toBe(SCIM_MEDIA_TYPE);
    expect(memberIds(added)).toEqual([id]);
    expect(await rightsOf(id)).toBe(1 | 8);
    expect((await suite.scim.get(`/Users/${id}`)).body.groups).toEqual([
      { value: 'licenses', display: 'Licenses', $ref: 'http://localhost:3000/scim/v2/Groups/licenses' },
    ]);
    const removed = await suite.scim.patch('/Groups/licenses', {
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }],
    });
    expect(removed.body.members).toEqual([]);
    expect(await rightsOf(id)).toBe(1);
  });

  it('replaces the members and removes one by filter, as Okta does; its rename to the same name changes nothing', async () => {
    const a = await newUser('dev.a@example.com');
    const b = await newUser('dev.b@example.com');
    const res = await suite.scim.patch('/Groups/developer', {
      Operations: [
        { op: 'replace', value: { id: 'developer', displayName: 'Developer' } },
        { op: 'replace', path: 'members', value: [{ value: a }, { value: b }] },
        { op: 'remove', path: `members[value eq "${a}"]` },
      ],
    });
    expect(res.status).toBe(200);
    expect(memberIds(res)).toEqual([b]);
    expect(await rightsOf(a)).toBe(1);
    expect(await rightsOf(b)).toBe(1 | 16);
  });

  it("refuses a rename, an unknown path, an unknown member and another organization's person, changing nothing", async () => {
    expectScimError(
      await suite.scim.patch('/Groups/billing', {
        Operations: [{ op: 'replace', path: 'displayName', value: 'Finance' }],
      }),
      400,
      'mutability',
    );
    expectScimError(
      await suite.scim.patch('/Groups/billing', { Operations: [{ op: 'add', path: 'owners', value: [] }] }),
      400,
      'invalidPath',
    );
    const [stranger] = await suite.t.db.select().from(persons).where(eq(persons.email, PERPETUAL_EMAIL));
    for (const value of ['99999999', 'abc', String(stranger!.id)]) {
      const res = await suite.scim.patch('/Groups/billing', {
        Operations: [{ op: 'add', path: 'members', value: [{ value }] }],
      });
      expectScimError(res, 400, 'invalidValue');
    }
    expect(
      (await suite.scim.get('/Groups/billing')).body.members.map((m: { display: string }) => m.display),
    ).toEqual(['omar.haddad@example.com']);
    expectScimError(await suite.scim.patch('/Groups/sales', { Operations: [] }), 404);
  });

  it('never takes the administrator role from the last administrator', async () => {
    const res = await suite.scim.patch('/Groups/admin', {
      Operations: [
        { op: 'remove', path: 'members', value: [{ value: String(suite.admin.person.personId) }] },
      ],
    });
    expectScimError(res, 409);
    expect(res.body.detail).toContain('last administrator');
    expect(memberIds(await suite.scim.get('/Groups/admin'))).toEqual([String(suite.admin.person.personId)]);
  });
});

describe('PUT, POST and DELETE /Groups', () => {
  it("PUT sets the members; its name must stay the group's", async () => {
    const id = await newUser('put.member@example.com');
    const res = await suite.scim.put('/Groups/billing', {
      schemas: [ScimSchemas.group],
      displayName: 'Billing',
      members: [{ value: id }],
    });
    expect(res.status).toBe(200);
    expect(res.type).toBe(SCIM_MEDIA_TYPE);
    expect(memberIds(res)).toEqual([id]);
    expectScimError(
      await suite.scim.put('/Groups/billing', { displayName: 'Finance', members: [] }),
      400,
      'mutability',
    );
  });

  it('the groups are fixed: a push of one of them is told it exists, any other is refused; none is deleted', async () => {
    expectScimError(
      await suite.scim.post('/Groups', { schemas: [ScimSchemas.group], displayName: 'Billing' }),
      409,
      'uniqueness',
    );
    expectScimError(await suite.scim.post('/Groups', { displayName: 'Sales' }), 400, 'mutability');
    expectScimError(await suite.scim.delete('/Groups/billing'), 400, 'mutability');
    expectScimError(await suite.scim.delete('/Groups/sales'), 404);
    expect((await suite.scim.get('/Groups')).body.totalResults).toBe(4);
  });
});
