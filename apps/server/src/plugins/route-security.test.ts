import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionService } from '../lib/auth-context';
import { Access, needs, REQUIRED_RIGHT, requiredRole } from './route-security';
import { registerRouteSecurity } from './route-security-hooks';

// docs/decisions/033: a route's role is declared beside its security and only where a person signs in.
describe('a route that needs a role', () => {
  const app = () => {
    const fastify = Fastify();
    registerRouteSecurity(fastify, { sessions: {} as SessionService, secureCookies: false });
    return fastify;
  };

  it('publishes it as the x-required-right extension', () => {
    expect(needs('billing')).toEqual({ [REQUIRED_RIGHT]: 'billing' });
    expect(requiredRole({ ...needs('licenses') })).toBe('licenses');
    expect(requiredRole({})).toBeNull();
  });

  it('may only be a signed-in route, and only name a role that exists', () => {
    const handler = async () => ({});
    expect(() =>
      app().get('/public', { schema: { security: Access.public, ...needs('billing') } }, handler),
    ).toThrow(/x-required-right needs a role and a signed-in route/);
    expect(() =>
      app().get('/unknown', { schema: { security: Access.signedIn, [REQUIRED_RIGHT]: 'operator' } }, handler),
    ).toThrow(/x-required-right/);
    expect(() =>
      app().get('/billing', { schema: { security: Access.signedIn, ...needs('billing') } }, handler),
    ).not.toThrow();
  });
});
