import { describe, expect, it } from 'vitest';
import { SCIM_GROUPS, ScimProblem, scimBoolean, scimGroupById, scimGroupByName, scimPage } from './scim';
import { applyMemberActions, groupPatchActions, userPatchChanges } from './scim-patch';

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ScimProblem) return { status: error.status, scimType: error.scimType };
    throw error;
  }
  throw new Error('no problem raised');
};

describe('scimBoolean', () => {
  it.each([
    [true, true],
    [false, false],
    ['True', true],
    ['False', false],
    [' false ', false],
    ['TRUE', true],
    ['yes', null],
    [0, null],
    [null, null],
  ])('%j → %j', (value, expected) => expect(scimBoolean(value)).toBe(expected));
});

describe('scimPage (RFC 7644 §3.4.2.4)', () => {
  it.each([
    [undefined, undefined, { offset: 0, limit: 100, startIndex: 1 }],
    [1, 10, { offset: 0, limit: 10, startIndex: 1 }],
    [11, 10, { offset: 10, limit: 10, startIndex: 11 }],
    [0, 5, { offset: 0, limit: 5, startIndex: 1 }],
    [-4, -1, { offset: 0, limit: 0, startIndex: 1 }],
    [1, 5000, { offset: 0, limit: 200, startIndex: 1 }],
    [2.7, 3.9, { offset: 1, limit: 3, startIndex: 2 }],
  ])('startIndex %j, count %j', (startIndex, count, expected) =>
    expect(scimPage(startIndex, count)).toEqual(expected),
  );
});

describe('groups are the roles', () => {
  it('one group per role, by id and by name in any case', () => {
    expect(SCIM_GROUPS.map((g) => [g.id, g.displayName, g.bit])).toEqual([
      ['admin', 'Administrator', 2],
      ['billing', 'Billing', 4],
      ['licenses', 'Licenses', 8],
      ['developer', 'Developer', 16],
    ]);
    expect(scimGroupById('billing')?.bit).toBe(4);
    expect(scimGroupById('Billing')).toBeUndefined();
    expect(scimGroupByName('administrator')?.id).toBe('admin');
    expect(scimGroupByName('ADMIN')?.id).toBe('admin');
    expect(scimGroupByName('Sales')).toBeUndefined();
  });
});

describe('userPatchChanges', () => {
  it("reads Okta's replace of active with a path-less value", () => {
    expect(userPatchChanges([{ op: 'replace', value: { active: false } }])).toEqual({ active: false });
  });

  it("reads Entra ID's quirks: the op's case, string booleans, dotted keys, paths with the schema's URN", () => {
    expect(
      userPatchChanges([
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'Add', value: { 'name.givenName': 'Ada', 'name.familyName': 'Lovelace' } },
        {
          op: 'replace',
          path: 'urn:ietf:params:scim:schemas:core:2.0:User:userName',
          value: 'ada@example.com',
        },
        { op: 'Add', path: 'externalId', value: 'e-1' },
      ]),
    ).toEqual({
      active: false,
      givenName: 'Ada',
      familyName: 'Lovelace',
      userName: 'ada@example.com',
      externalId: 'e-1',
    });
  });

  it('reads a name object, removes of names and externalId, and ignores attributes the store does not keep', () => {
    expect(
      userPatchChanges([
        { op: 'replace', path: 'name', value: { givenName: 'Grace', familyName: 'Hopper', formatted: 'x' } },
        { op: 'remove', path: 'name.familyName' },
        { op: 'remove', path: 'externalId' },
        { op: 'replace', path: 'title', value: 'Admiral' },
        {
          op: 'replace',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Navy',
        },
        { op: 'replace', value: { 'emails[type eq "work"].value': 'g@example.com', displayName: 'Grace' } },
      ]),
    ).toEqual({ givenName: 'Grace', familyName: '', externalId: null });
  });

  it.each([
    [[{ op: 'move', path: 'active', value: true }], 400, 'invalidSyntax'],
    [[{ op: 'replace', path: 'active', value: 'maybe' }], 400, 'invalidValue'],
    [[{ op: 'remove', path: 'active' }], 400, 'invalidValue'],
    [[{ op: 'remove', path: 'userName' }], 400, 'mutability'],
    [[{ op: 'replace', path: 'userName', value: 42 }], 400, 'invalidValue'],
    [[{ op: 'remove' }], 400, 'noTarget'],
    [[{ op: 'replace', value: [true] }], 400, 'invalidValue'],
    [[{ op: 'replace', path: 'name', value: 'Ada' }], 400, 'invalidValue'],
  ])('refuses %j', (operations, status, scimType) =>
    expect(problem(() => userPatchChanges(operations))).toEqual({ status, scimType }),
  );
});

describe('groupPatchActions and applyMemberActions', () => {
  const billing = scimGroupById('billing')!;

  it("reads Entra ID's add and remove of members", () => {
    const actions = groupPatchActions(billing, [
      { op: 'Add', path: 'members', value: [{ value: '3' }, { value: '4' }] },
      { op: 'Remove', path: 'members', value: [{ value: '1' }] },
    ]);
    expect(actions).toEqual([
      { kind: 'add', ids: ['3', '4'] },
      { kind: 'remove', ids: ['1'] },
    ]);
    expect(applyMemberActions(['1', '2', '3'], actions)).toEqual(['2', '3', '4']);
  });

  it("reads Okta's replace of the members, its removal by filter and its rename to the same name", () => {
    const actions = groupPatchActions(billing, [
      { op: 'replace', value: { id: 'billing', displayName: 'Billing' } },
      { op: 'replace', path: 'members', value: [{ value: '7' }, { value: '8' }] },
      { op: 'remove', path: 'members[value eq "7"]' },
    ]);
    expect(actions).toEqual([
      { kind: 'replace', ids: ['7', '8'] },
      { kind: 'remove', ids: ['7'] },
    ]);
    expect(applyMemberActions(['1'], actions)).toEqual(['8']);
  });

  it('a value object with members, and a remove of every member', () => {
    const actions = groupPatchActions(billing, [
      { op: 'add', value: { members: [{ value: 9 }] } },
      { op: 'remove', path: 'members' },
      { op: 'add', path: 'members', value: { value: '5' } },
    ]);
    expect(applyMemberActions(['1'], actions)).toEqual(['5']);
  });

  it.each([
    [[{ op: 'replace', path: 'displayName', value: 'Finance' }], 'mutability'],
    [[{ op: 'replace', value: { displayName: 'Finance' } }], 'mutability'],
    [[{ op: 'remove', path: 'displayName' }], 'mutability'],
    [[{ op: 'add', path: 'owner', value: 'x' }], 'invalidPath'],
    [[{ op: 'add', path: 'members[value eq "7"]', value: [] }], 'invalidPath'],
    [[{ op: 'add', path: 'members', value: [{ display: 'no value' }] }], 'invalidValue'],
    [[{ op: 'copy', path: 'members', value: [] }], 'invalidSyntax'],
    [[{ op: 'remove' }], 'noTarget'],
  ])('refuses %j', (operations, scimType) =>
    expect(problem(() => groupPatchActions(billing, operations))).toEqual({ status: 400, scimType }),
  );
});
