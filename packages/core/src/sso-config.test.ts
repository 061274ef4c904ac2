import { describe, expect, it } from 'vitest';
import { Rights } from './schemas/entities';
import { PutSsoConfigSchema, ssoDefaultRights, ssoDefaultRoleLabel } from './sso-config';
import { SsoMessages } from './sso-messages';

describe('ssoDefaultRights', () => {
  it.each([
    ['user', Rights.User],
    ['billing', Rights.User | Rights.Billing],
    ['licenses', Rights.User | Rights.Licenses],
    ['developer', Rights.User | Rights.Developer],
  ] as const)('%s → %d, never admin', (role, rights) => {
    expect(ssoDefaultRights(role)).toBe(rights);
    expect(ssoDefaultRights(role) & Rights.Admin).toBe(0);
  });

  it('names the roles as the Users screen does', () => {
    expect(ssoDefaultRoleLabel('user')).toBe(SsoMessages.defaultRoleUser);
    expect(ssoDefaultRoleLabel('developer')).toBe('Developer');
  });
});

describe('PutSsoConfigSchema', () => {
  const issues = (body: unknown) =>
    PutSsoConfigSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('takes SAML metadata pasted or at an https URL (http only on this machine)', () => {
    expect(issues({ kind: 'saml', metadataXml: '<EntityDescriptor/>' })).toEqual([]);
    expect(issues({ kind: 'saml', metadataUrl: 'https://idp.example.com/metadata' })).toEqual([]);
    expect(issues({ kind: 'saml', metadataUrl: 'http://127.0.0.1:8080/metadata' })).toEqual([]);
    expect(issues({ kind: 'saml', metadataUrl: 'http://idp.example.com/metadata' })).toEqual([
      ['metadataUrl', SsoMessages.metadataUrlInvalid],
    ]);
    expect(issues({ kind: 'saml', metadataXml: 'x'.repeat(200_001) })).toEqual([
      ['metadataXml', SsoMessages.metadataTooLong],
    ]);
  });

  it('refuses admin as the default role, and fields of the other kind', () => {
    expect(issues({ kind: 'saml', defaultRole: 'admin' })[0]?.[0]).toBe('defaultRole');
    expect(issues({ kind: 'saml', clientId: 'x' })).not.toEqual([]);
    expect(
      issues({ kind: 'oidc', issuer: 'https://idp.example.com', clientId: 'c', defaultRole: 'billing' }),
    ).toEqual([]);
  });
});
