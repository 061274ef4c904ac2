import { SCIM_MEDIA_TYPE, ScimSchemas } from '@store/core';
import { describe, expect, it } from 'vitest';
import { expectScimError, scimSuite, scimUserBody as userBody } from '../../../test/support/scim-client';

// docs/decisions/038: replacing, patching (with Entra ID's quirks) and deleting SCIM Users, and the
// organization's last administrator, whom no provider deactivates or deletes.

const suite = scimSuite();

describe('PUT /Users/{id}', () => {
  it('replaces the name, the address and the externalId', async () => {
    const made = (await suite.scim.post('/Users', userBody('grace@example.com'))).body;
    const res = await suite.scim.put(`/Users/${made.id}`, {
      schemas: [ScimSchemas.user],
      userName: 'grace.hopper@example.com',
      name: { givenName: 'Grace', familyName: 'Hopper' },
      externalId: 'entra-7',
      active: true,
    });
    expect(res.status).toBe(200);
    expect(res.type).toBe(SCIM_MEDIA_TYPE);
    expect(res.body).toMatchObject({
      id: made.id,
      userName: 'grace.hopper@example.com',
      name: { givenName: 'Grace', familyName: 'Hopper' },
      externalId: 'entra-7',
    });
    expectScimError(
      await suite.scim.put(`/Users/${made.id}`, userBody('jane.miller@example.com')),
      409,
      'uniqueness',
    );
    expectScimError(await suite.scim.put('/Users/99999999', userBody('x@example.com')), 404);
  });
});

describe('PATCH /Users/{id}', () => {
  it("reads Entra ID's operations: op in any case, value objects without a path, booleans as strings", async () => {
    const made = (await suite.scim.post('/Users', userBody('patch.me@example.com'))).body;
    const res = await suite.scim.patch(`/Users/${made.id}`, {
      schemas: [ScimSchemas.patchOp],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Patty' },
        { op: 'Add', value: { 'name.familyName': 'Patcher', title: 'Engineer' } },
        { op: 'Replace', path: 'active', value: 'False' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.type).toBe(SCIM_MEDIA_TYPE);
    expect(res.body).toMatchObject({ name: { givenName: 'Patty', familyName: 'Patcher' }, active: false });
    const back = await suite.scim.patch(`/Users/${made.id}`, {
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(back.body.active).toBe(true);
  });

  it('refuses what it cannot read, and changes nothing', async () => {
    const made = (await suite.scim.post('/Users', userBody('unchanged@example.com'))).body;
    const ops = (Operations: unknown) => suite.scim.patch(`/Users/${made.id}`, { Operations });
    expectScimError(await ops([{ op: 'move', path: 'active', value: false }]), 400, 'invalidSyntax');
    expectScimError(
      await ops([
        { op: 'replace', path: 'name.givenName', value: 'Changed' },
        { op: 'replace', path: 'active', value: 'nope' },
      ]),
      400,
      'invalidValue',
    );
    expectScimError(
      await ops([{ op: 'replace', path: 'userName', value: 'not an address' }]),
      400,
      'invalidValue',
    );
    expectScimError(await suite.scim.patch(`/Users/${made.id}`, { Operations: 'all' }), 400, 'invalidValue');
    expect((await suite.scim.get(`/Users/${made.id}`)).body).toMatchObject({
      name: { givenName: 'Ada' },
      active: true,
    });
  });

  it("the Users screen's list says whom the provider deactivated, until it reactivates them", async () => {
    const made = (await suite.scim.post('/Users', userBody('on.leave@example.com'))).body;
    const listed = async () =>
      ((await suite.admin.get('/api/person/all')).body as { email: string; deactivated: boolean }[]).find(
        (p) => p.email === 'on.leave@example.com',
      );
    expect(await listed()).toMatchObject({ deactivated: false });
    await suite.scim.patch(`/Users/${made.id}`, {
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(await listed()).toMatchObject({ deactivated: true });
    await suite.scim.patch(`/Users/${made.id}`, {
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(await listed()).toMatchObject({ deactivated: false });
  });

  it('never deactivates the last administrator who can sign in', async () => {
    const danaId = suite.admin.person.personId;
    const res = await suite.scim.patch(`/Users/${danaId}`, {
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expectScimError(res, 409);
    expect(res.body.detail).toContain('last administrator');
    expect((await suite.scim.get(`/Users/${danaId}`)).body.active).toBe(true);
  });
});

describe('DELETE /Users/{id}', () => {
  it("deletes the person (204, no body); then the id is a 404, as is another organization's", async () => {
    const made = (await suite.scim.post('/Users', userBody('leaving@example.com'))).body;
    const res = await suite.scim.delete(`/Users/${made.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expectScimError(await suite.scim.get(`/Users/${made.id}`), 404);
    expectScimError(await suite.scim.delete(`/Users/${made.id}`), 404);
    const deleted = (await suite.admin.get('/api/organization/activity?kind=person.deleted')).body.items[0];
    expect(deleted).toMatchObject({ actor: { kind: 'api-token', name: 'Identity provider' } });
  });

  it('never deletes the last administrator', async () => {
    expectScimError(await suite.scim.delete(`/Users/${suite.admin.person.personId}`), 409);
  });
});
