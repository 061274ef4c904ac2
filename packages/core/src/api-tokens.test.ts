import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { API_TOKEN_SCOPES } from './api-token-messages';
import { ApiTokenFormSchema, apiTokenExpired, apiTokenFromForm, CreateApiTokenSchema } from './api-tokens';

const valid = { name: 'Deploy pipeline', scopes: ['subscriptions:read'], expiresInDays: 90 };
const firstMessage = (input: unknown) => {
  const result = CreateApiTokenSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('CreateApiTokenSchema', () => {
  it('accepts a name, one or more scopes and an expiry of 30, 90, 365 days or none', () => {
    for (const expiresInDays of [30, 90, 365, null])
      expect(CreateApiTokenSchema.safeParse({ ...valid, expiresInDays }).success).toBe(true);
    expect(CreateApiTokenSchema.safeParse({ ...valid, scopes: [...API_TOKEN_SCOPES] }).success).toBe(true);
    expect(z.parse(CreateApiTokenSchema, { ...valid, name: '  CI  ' }).name).toBe('CI');
  });

  it.each([
    [{ ...valid, name: '   ' }, 'Name is required'],
    [{ ...valid, name: undefined }, 'Name is required'],
    [{ ...valid, name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ ...valid, scopes: [] }, 'Choose at least one scope'],
    [
      { ...valid, scopes: ['admin'] },
      '"admin" is not a scope; the scopes are subscriptions:read, subscriptions:write, licensing, billing:read, users:read, users:write, webhooks, scim',
    ],
    [{ ...valid, scopes: ['licensing', 'licensing'] }, 'Each scope may be named once'],
    [{ ...valid, expiresInDays: 7 }, 'Expires must be in 30, 90 or 365 days, or never'],
    [{ ...valid, expiresInDays: '30' }, 'Expires must be in 30, 90 or 365 days, or never'],
  ])('refuses %j with a message a person can act on', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('refuses fields it does not know', () => {
    expect(CreateApiTokenSchema.safeParse({ ...valid, organizationId: 2 }).success).toBe(false);
  });
});

describe('apiTokenExpired', () => {
  it('is expired from its expiry on; a token without one never is', () => {
    const at = '2026-12-01T00:00:00.000Z';
    expect(apiTokenExpired(at, Date.parse(at) - 1)).toBe(false);
    expect(apiTokenExpired(at, Date.parse(at))).toBe(true);
    expect(apiTokenExpired(null, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});

describe('the screen form', () => {
  it('sends the expiry chosen as days, or null for never', () => {
    const parse = (expiry: string) =>
      apiTokenFromForm(z.parse(ApiTokenFormSchema, { name: 'CI', scopes: ['licensing'], expiry }));
    expect(parse('365')).toEqual({ name: 'CI', scopes: ['licensing'], expiresInDays: 365 });
    expect(parse('never').expiresInDays).toBeNull();
    expect(ApiTokenFormSchema.safeParse({ name: 'CI', scopes: ['licensing'], expiry: '7' }).success).toBe(
      false,
    );
  });
});
