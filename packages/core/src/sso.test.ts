import { describe, expect, it } from 'vitest';
import {
  claimVerifiedAtOnce,
  emailDomain,
  isAcceptableIssuer,
  normalDomain,
  passwordSignInAllowed,
} from './sso';

describe('passwordSignInAllowed', () => {
  it.each([
    [{ enforced: false, isAdmin: false, twoFactor: false }, true],
    [{ enforced: true, isAdmin: false, twoFactor: false }, false],
    [{ enforced: true, isAdmin: false, twoFactor: true }, false],
    [{ enforced: true, isAdmin: true, twoFactor: false }, false],
    // The way back in when the provider breaks.
    [{ enforced: true, isAdmin: true, twoFactor: true }, true],
  ])('%o → %s', (person, allowed) => expect(passwordSignInAllowed(person)).toBe(allowed));
});

describe('claimVerifiedAtOnce', () => {
  it.each([
    ['acme.com', { email: 'Pat@ACME.com', emailVerified: true }, true],
    ['acme.com', { email: 'pat@acme.com', emailVerified: false }, false],
    ['acme.com', { email: 'pat@eu.acme.com', emailVerified: true }, false],
    ['other.com', { email: 'pat@acme.com', emailVerified: true }, false],
  ])('%s by %o → %s', (domain, admin, atOnce) => expect(claimVerifiedAtOnce(domain, admin)).toBe(atOnce));
});

describe('domains and issuers', () => {
  it.each([
    ['Example.COM ', 'example.com'],
    ['eu.acme-labs.io', 'eu.acme-labs.io'],
    ['localhost', null],
    ['-bad.com', null],
    ['a b.com', null],
    [`${'a.'.repeat(130)}com`, null],
  ])('normalDomain(%j) → %j', (typed, domain) => expect(normalDomain(typed)).toBe(domain));

  it('takes the part after the last @, lower case', () => {
    expect(emailDomain(' Pat@Acme.COM ')).toBe('acme.com');
    expect(emailDomain('no-at-sign')).toBe('');
  });

  it.each([
    ['https://login.acme.com/realms/store', true],
    ['http://127.0.0.1:8080', true],
    ['http://localhost:9000/oidc', true],
    ['http://login.acme.com', false],
    ['https://login.acme.com/?tenant=1', false],
    ['https://user:pw@login.acme.com', false],
    ['not a url', false],
  ])('isAcceptableIssuer(%s) → %s', (issuer, ok) => expect(isAcceptableIssuer(issuer)).toBe(ok));
});
