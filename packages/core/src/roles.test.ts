import { describe, expect, it } from 'vitest';
import { auditValueText } from './audit-words';
import { hasRole, isRole, ROLES, RoleMessages, rightsWithRoles, rolesOf, rolesText } from './roles';
import { Rights } from './schemas/entities';

describe('roles', () => {
  it('gives each role its own bit, none of them the user or the operator bit', () => {
    const bits = ROLES.map((r) => r.bit);
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) {
      expect(bit & (Rights.User | Rights.Operator)).toBe(0);
    }
    expect(ROLES.map((r) => r.role)).toEqual(['admin', 'billing', 'licenses', 'developer']);
  });

  it.each([
    [Rights.User, 'billing', false],
    [Rights.User | Rights.Billing, 'billing', true],
    [Rights.User | Rights.Billing, 'developer', false],
    [Rights.User | Rights.Licenses, 'licenses', true],
    [Rights.User | Rights.Admin, 'developer', true],
    [Rights.User | Rights.Billing, 'admin', false],
  ] as const)('rights %i hold %s: %s', (rights, role, held) => {
    expect(hasRole({ rights }, role)).toBe(held);
  });

  it('lists the roles a person holds by their own bits', () => {
    expect(rolesOf({ rights: Rights.User })).toEqual([]);
    expect(rolesOf({ rights: Rights.User | Rights.Billing | Rights.Developer })).toEqual([
      'billing',
      'developer',
    ]);
    expect(rolesOf({ rights: Rights.User | Rights.Admin })).toEqual(['admin']);
  });

  it('sets exactly the ticked roles, keeping the bits that are no role', () => {
    expect(rightsWithRoles(Rights.User, [])).toBe(Rights.User);
    expect(rightsWithRoles(Rights.User | Rights.Admin, ['billing', 'developer'])).toBe(
      Rights.User | Rights.Billing | Rights.Developer,
    );
    expect(rightsWithRoles(Rights.User | Rights.Operator, ['licenses'])).toBe(
      Rights.User | Rights.Operator | Rights.Licenses,
    );
    expect(rolesText({ rights: Rights.User })).toBe('User');
    expect(rolesText({ rights: Rights.User | Rights.Billing | Rights.Licenses })).toBe('Billing, Licenses');
  });

  it('names the role a refusal needs', () => {
    expect(RoleMessages.required('billing')).toBe(
      'This needs the Billing role. Ask an administrator of your organization.',
    );
    expect(RoleMessages.required('admin')).toMatch(/the Administrator role/);
    expect(isRole('licenses')).toBe(true);
    expect(isRole('operator')).toBe(false);
  });

  it('says rights in the Activity log by role, the operator bit as the store operator', () => {
    expect(auditValueText('person', 'rights', Rights.User | Rights.Billing | Rights.Licenses)).toBe(
      'User, Billing, Licenses',
    );
    expect(auditValueText('person', 'rights', Rights.User | Rights.Operator)).toBe('User, Store operator');
  });
});
