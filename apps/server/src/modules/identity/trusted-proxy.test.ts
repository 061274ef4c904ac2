import { SignInThrottle } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../seed/organizations';

// Behind a proxy named in TRUST_PROXY, X-Forwarded-For names the client (docs/design.md §4).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
});
afterAll(() => t.close());

async function signIn(password: string, from: string, forwardedFor: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authenticate',
    remoteAddress: from,
    headers: {
      cookie: 'XSRF-TOKEN=x',
      'x-xsrf-token': 'x',
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    payload: JSON.stringify({ email: DEMO_USER_EMAIL, password }),
  });
  return res.statusCode;
}

describe('TRUST_PROXY', () => {
  it('reads the client from X-Forwarded-For sent by a trusted proxy, and only from one', async () => {
    for (let i = 0; i < SignInThrottle.failuresPerEmailAndAddress; i++) {
      expect(await signIn('wrong-password', '10.1.2.3', '198.51.100.7')).toBe(200);
    }
    // Through the proxy, that client is throttled and another client is not.
    expect(await signIn(DEMO_PASSWORD, '10.1.2.3', '198.51.100.7')).toBe(429);
    expect(await signIn(DEMO_PASSWORD, '10.1.2.3', '198.51.100.8')).toBe(200);
    // A peer outside 10.0.0.0/8 is its own client, whatever it forwards.
    for (let i = 0; i < SignInThrottle.failuresPerEmailAndAddress; i++) {
      expect(await signIn('wrong-password', '192.0.2.9', `198.51.100.${20 + i}`)).toBe(200);
    }
    expect(await signIn(DEMO_PASSWORD, '192.0.2.9', '198.51.100.99')).toBe(429);
  });
});
