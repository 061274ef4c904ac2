import { ScimProblem } from '@store/core';
import { describe, expect, it } from 'vitest';
import { groupNameFilter, userLookup } from './scim-filter';

// The filters identity providers send before they create a person or a group (docs/decisions/038).

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ScimProblem) return [error.status, error.scimType];
    throw error;
  }
  return null;
};

describe('Users filters', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['userName eq "ada@example.com"', { email: 'ada@example.com' }],
    ['UserName Eq "Ada@Example.com"', { email: 'Ada@Example.com' }],
    [
      'urn:ietf:params:scim:schemas:core:2.0:User:userName eq "ada@example.com"',
      { email: 'ada@example.com' },
    ],
    ['externalId eq "00u1abcd"', { externalId: '00u1abcd' }],
    ['emails[type eq "work"].value eq "ada@example.com"', { email: 'ada@example.com' }],
    ['emails[type eq "work" and value eq "ada@example.com"]', { email: 'ada@example.com' }],
    ['emails.value eq "ada@example.com"', { email: 'ada@example.com' }],
  ])('%j → %j', (filter, lookup) => expect(userLookup(filter)).toEqual(lookup));

  it.each([
    'userName sw "ada"',
    'userName co "example"',
    'displayName eq "Ada"',
    'userName eq "a@example.com" or userName eq "b@example.com"',
    'emails[type eq "home"].value eq "ada@example.com"',
    'active eq true',
    'userName pr',
    'not (userName eq "a@example.com")',
  ])('refuses %j as an unsupported filter', (filter) =>
    expect(refusal(() => userLookup(filter))).toEqual([400, 'invalidFilter']),
  );

  it.each(['userName eq', 'userName "x"', '((', 'userName eq "unterminated'])(
    'refuses %j as bad syntax',
    (filter) => expect(refusal(() => userLookup(filter))).toEqual([400, 'invalidFilter']),
  );
});

describe('Groups filters', () => {
  it.each([
    [undefined, null],
    ['displayName eq "Billing"', 'Billing'],
    ['displayname eq "administrator"', 'administrator'],
  ])('%j → %j', (filter, name) => expect(groupNameFilter(filter)).toBe(name));

  it.each(['displayName sw "B"', 'id eq "billing"', 'members[value eq "1"]'])('refuses %j', (filter) =>
    expect(refusal(() => groupNameFilter(filter))).toEqual([400, 'invalidFilter']),
  );
});
