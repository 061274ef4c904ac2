import { describe, expect, it } from 'vitest';
import { errorsOf } from '../../test/support/schema-errors';
import { Rights } from './entities';
import {
  AccountFieldSchemas,
  CreatePersonSchema,
  grantableRights,
  PersonBodyMessages,
  personBodyConflict,
  RegisterOrganizationSchema,
  UpdatePersonSchema,
  UserInfoSchema,
} from './people';

const user = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'password1' };

describe('UserInfoSchema', () => {
  it.each([
    ['valid', user, {}],
    ['no first name', { ...user, firstName: ' ' }, { firstName: 'First Name is required' }],
    ['no last name', { ...user, lastName: '' }, { lastName: 'Last name is required' }],
    ['no email', { ...user, email: '' }, { email: 'Email is required' }],
    ['bad email', { ...user, email: 'ann@' }, { email: 'Must be a valid email.' }],
    ['no password', { ...user, password: '' }, { password: 'Password is required' }],
    [
      'short password',
      { ...user, password: '1234567' },
      { password: 'Password must be at least 8 characters' },
    ],
    [
      'long name',
      { ...user, firstName: 'x'.repeat(101) },
      { firstName: 'First name must be at most 100 characters' },
    ],
    [
      'everything missing',
      {},
      {
        firstName: 'First Name is required',
        lastName: 'Last name is required',
        email: 'Email is required',
        password: 'Password is required',
      },
    ],
  ])('%s', (_name, value, errors) => {
    expect(errorsOf(UserInfoSchema, value)).toEqual(errors);
  });

  it('keeps spaces in passwords but trims names', () => {
    expect(UserInfoSchema.parse({ ...user, firstName: ' Ann ', password: ' pass word ' })).toMatchObject({
      firstName: 'Ann',
      password: ' pass word ',
    });
  });
});

describe('CreatePersonSchema / UpdatePersonSchema', () => {
  const asRead = {
    personId: 7,
    organizationId: 2,
    rights: 1,
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '',
    email: 'ann@example.com',
    emailVerified: true,
    pendingEmail: null,
  };
  it.each([
    [CreatePersonSchema, user, {}],
    [CreatePersonSchema, { ...user, rights: Rights.User | Rights.Admin, phone: '+1 555 0100' }, {}],
    [CreatePersonSchema, { ...user, isAdmin: true }, { '': 'Unrecognized key: "isAdmin"' }],
    [CreatePersonSchema, { ...user, rights: 'admin' }, { rights: 'rights must be a number' }],
    [CreatePersonSchema, { ...user, rights: 1.5 }, { rights: 'rights must be a whole number' }],
    [
      CreatePersonSchema,
      { ...user, phone: 'x'.repeat(41) },
      { phone: 'Phone must be at most 40 characters' },
    ],
    [UpdatePersonSchema, {}, {}],
    [UpdatePersonSchema, asRead, {}],
    [UpdatePersonSchema, { firstName: 'Bo' }, {}],
    [UpdatePersonSchema, { firstName: '' }, { firstName: 'First Name is required' }],
    [UpdatePersonSchema, { lastName: '' }, { lastName: 'Last Name is required' }],
    [UpdatePersonSchema, { email: 'x' }, { email: 'Enter a vaild email address' }],
    [UpdatePersonSchema, { password: 'short' }, { password: 'Password must be at least 8 characters long' }],
    [
      UpdatePersonSchema,
      { password: 'pass\u0000word1' },
      { password: 'Password contains a character that is not allowed' },
    ],
    [UpdatePersonSchema, { personId: '7' }, { personId: 'personId must be a number' }],
    [UpdatePersonSchema, { isAdmin: false }, { '': 'Unrecognized key: "isAdmin"' }],
  ])('%#', (schema, value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });
});

describe('grantableRights', () => {
  it.each([
    [1, 1],
    [2, 3],
    [3, 3],
    [4, 5],
    [5, 5],
    [8, 9],
    [16, 17],
    [1 | 4 | 8 | 16, 29],
    [31, 31],
    [0, null],
    [-1, null],
    [1.5, null],
    [32, null],
    [33, null],
    [Rights.Operator, null],
    [Rights.User | Rights.Operator, null],
    [Rights.User | Rights.Admin | Rights.Operator, null],
  ])('%i -> %s', (requested, granted) => {
    expect(grantableRights(requested)).toBe(granted);
  });
});

describe('personBodyConflict', () => {
  const target = {
    personId: 7,
    organizationId: 2,
    emailVerified: true,
    pendingEmail: null,
    twoFactorEnabled: false,
    deactivated: false,
  };
  it.each([
    [{}, null],
    [{ personId: 7, organizationId: 2, emailVerified: true, pendingEmail: null }, null],
    [{ personId: 8 }, { message: PersonBodyMessages.personIdContradicts, field: 'personId' }],
    [
      { organizationId: 3 },
      { message: PersonBodyMessages.organizationIdContradicts, field: 'organizationId' },
    ],
    [{ emailVerified: false }, { message: PersonBodyMessages.emailVerifiedReadOnly, field: 'emailVerified' }],
    [
      { pendingEmail: 'new@example.com' },
      { message: PersonBodyMessages.pendingEmailReadOnly, field: 'pendingEmail' },
    ],
    [{ deactivated: false }, null],
    [{ deactivated: true }, { message: PersonBodyMessages.deactivatedReadOnly, field: 'deactivated' }],
  ])('%j', (body, conflict) => {
    expect(personBodyConflict(body, target)).toEqual(conflict);
  });

  it('a new user has no id yet', () => {
    expect(personBodyConflict({ personId: 1 }, { ...target, personId: null })).toEqual({
      message: PersonBodyMessages.personIdOnCreate,
      field: 'personId',
    });
  });
});

describe('Account field schemas', () => {
  it.each([
    ['firstName', '', 'First Name is required'],
    ['lastName', ' ', 'Last Name is required'],
    ['email', '', 'Enter a vaild email address'],
    ['email', 'not-an-email', 'Enter a vaild email address'],
    ['password', '', 'Password must be at least 8 characters long'],
    ['password', '1234567', 'Password must be at least 8 characters long'],
  ] as const)('%s %j', (field, value, message) => {
    expect(errorsOf(AccountFieldSchemas[field], value)).toEqual({ '': message });
  });

  it.each([
    ['firstName', 'Ann'],
    ['lastName', 'Lee'],
    ['email', 'ann@example.com'],
    ['password', '12345678'],
  ] as const)('%s accepts %s', (field, value) => {
    expect(AccountFieldSchemas[field].safeParse(value).success).toBe(true);
  });
});

describe('RegisterOrganizationSchema', () => {
  const organization = { orgName: 'Acme', addr1: '1 Main St', city: 'Boulder', country: 'US', zip: '80301' };
  it.each([
    ['valid', { organization, admin: user }, {}],
    [
      'with optional fields',
      { organization: { ...organization, addr2: 'Suite 2', state: 'CO' }, admin: user },
      {},
    ],
    [
      'everything missing',
      { organization: {}, admin: user },
      {
        'organization.orgName': 'Organization Name is required',
        'organization.addr1': 'Address 1 is required',
        'organization.city': 'City is required',
        'organization.country': 'Country is required',
        'organization.zip': 'Postal Code is required',
      },
    ],
    [
      'bad admin',
      { organization, admin: { ...user, email: 'x' } },
      { 'admin.email': 'Must be a valid email.' },
    ],
    [
      'bad country code',
      { organization: { ...organization, country: '1!' }, admin: user },
      {
        'organization.country': 'Country is not a known country code',
      },
    ],
    [
      'a code no country has',
      { organization: { ...organization, country: '0' }, admin: user },
      {
        'organization.country': 'Country is not a known country code',
      },
    ],
    [
      'no country',
      { organization: { ...organization, country: ' ' }, admin: user },
      {
        'organization.country': 'Country is required',
      },
    ],
  ])('%s', (_name, value, errors) => {
    expect(errorsOf(RegisterOrganizationSchema, value)).toEqual(errors);
  });
});
