import { describe, expect, it } from 'vitest';
import { errorsOf } from '../../test/support/schema-errors';
import {
  ForgotPasswordSchema,
  LoginRequestSchema,
  ResetPasswordRequestSchema,
  ResetPasswordSchema,
} from './auth';

const login = { email: 'ann@example.com', password: 'secret', orgId: null, rememberMe: true };

describe('LoginRequestSchema', () => {
  it.each([
    ['valid', login, {}],
    ['minimal', { email: 'ann@example.com', password: 'x' }, {}],
    ['with org', { ...login, orgId: 7 }, {}],
    ['missing email', { password: 'x' }, { email: 'Email is required' }],
    ['blank email', { ...login, email: '   ' }, { email: 'Email is required' }],
    ['empty password', { ...login, password: '' }, { password: 'Password is required' }],
    ['missing password', { email: 'a@b.co' }, { password: 'Password is required' }],
    [
      'long password',
      { ...login, password: 'x'.repeat(129) },
      { password: 'Password must be at most 128 characters' },
    ],
    [
      'long email',
      { ...login, email: `${'a'.repeat(250)}@b.co` },
      { email: 'Email must be at most 254 characters' },
    ],
    ['bad org', { ...login, orgId: 1.5 }, { orgId: 'Organization is required' }],
    ['extra key', { ...login, admin: true }, { '': 'Unrecognized key: "admin"' }],
  ])('%s', (_name, value, errors) => {
    expect(errorsOf(LoginRequestSchema, value)).toEqual(errors);
  });

  it('trims the email', () => {
    expect(LoginRequestSchema.parse({ ...login, email: ' ann@example.com ' }).email).toBe('ann@example.com');
  });
});

describe('ForgotPasswordSchema', () => {
  it.each([
    [{ email: 'a@b.co' }, {}],
    [{ email: '' }, { email: 'Email is required.' }],
    [{}, { email: 'Email is required.' }],
    [{ email: 'nope' }, { email: 'Must be a valid email.' }],
  ])('%o', (value, errors) => {
    expect(errorsOf(ForgotPasswordSchema, value)).toEqual(errors);
  });
});

describe('ResetPasswordSchema', () => {
  const form = { email: 'a@b.co', password: 'longenough', confirmPassword: 'longenough' };
  it.each([
    ['valid', form, {}],
    ['with org and rememberMe', { ...form, orgId: 3, rememberMe: true }, {}],
    ['null org', { ...form, orgId: null }, {}],
    [
      'short password',
      { ...form, password: 'short', confirmPassword: 'short' },
      {
        password: 'Password must be at least 8 characters',
        confirmPassword: 'Password must be at least 8 characters',
      },
    ],
    ['mismatch', { ...form, confirmPassword: 'different1' }, { confirmPassword: 'Password does not match' }],
    ['missing email', { ...form, email: '' }, { email: 'Email is required' }],
    ['missing password', { ...form, password: '' }, { password: 'Password is required' }],
    [
      'mismatch while the e-mail is still wrong',
      { ...form, email: 'not-an-email', confirmPassword: 'different1' },
      { email: 'Must be a valid email.', confirmPassword: 'Password does not match' },
    ],
    [
      'mismatch while the e-mail is still empty',
      { ...form, email: '', confirmPassword: 'different1' },
      { email: 'Email is required', confirmPassword: 'Password does not match' },
    ],
  ])('%s', (_name, value, errors) => {
    expect(errorsOf(ResetPasswordSchema, value)).toEqual(errors);
  });

  it('the request schema has no confirmation', () => {
    expect(
      errorsOf(ResetPasswordRequestSchema, {
        email: 'a@b.co',
        password: 'longenough',
        orgId: null,
        rememberMe: true,
      }),
    ).toEqual({});
    expect(errorsOf(ResetPasswordRequestSchema, form)).toEqual({ '': 'Unrecognized key: "confirmPassword"' });
  });
});
