import { describe, expect, it } from 'vitest';
import { contextWordRefusal, contextWords, PasswordMessages } from './password-rules';

describe('context words in a new password (ASVS 6.2.11)', () => {
  const context = { email: 'omar.haddad@example.com', organizationName: 'Acme Print, Inc.' };

  it.each([
    ['the e-mail local part', 'Omar.Haddad-2026'],
    ["the organization's name, spaced and punctuated differently", 'acme-print-inc!'],
    ["the store's name", 'my subscription store'],
  ])('refuses %s', (_, password) => {
    expect(contextWordRefusal(password, context)).toBe(PasswordMessages.containsContextWord);
  });

  it('accepts a password without them', () => {
    expect(contextWordRefusal('correct horse battery', context)).toBeNull();
  });

  it('ignores words too short to mean anything', () => {
    expect(contextWords({ email: 'ann@example.com', organizationName: 'AB' })).not.toContain('ann');
    expect(contextWordRefusal('planning-ahead-9', { email: 'ann@example.com' })).toBeNull();
  });
});
