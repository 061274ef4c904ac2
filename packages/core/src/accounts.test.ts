import { describe, expect, it } from 'vitest';
import { AccountMessages, AccountPersonSchema, VerifyEmailResponseSchema } from './accounts';

describe('accounts contract', () => {
  it('names the address in the templated messages', () => {
    expect(AccountMessages.verificationSent('a@b.co')).toContain('a@b.co');
    expect(AccountMessages.emailChangePending('new@b.co')).toContain('new@b.co');
  });

  it('strips a password from a person read through the account schema', () => {
    const parsed = AccountPersonSchema.parse({
      personId: 1,
      organizationId: 2,
      rights: 1,
      firstName: 'A',
      lastName: 'B',
      phone: '',
      email: 'a@b.co',
      emailVerified: true,
      pendingEmail: null,
      twoFactorEnabled: false,
      password: 'secret',
      passwordHash: 'x',
    });
    expect(parsed).not.toHaveProperty('password');
    expect(parsed).not.toHaveProperty('passwordHash');
  });

  it('accepts a failed verification answer without an address', () => {
    expect(VerifyEmailResponseSchema.parse({ success: false, error: 'x' }).email).toBeUndefined();
  });
});
