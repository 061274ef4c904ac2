import { SignInThrottle, ThrottleMessages } from '@store/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../seed/organizations';
import { INVALID_CREDENTIALS } from './identity.service';

// docs/design.md §4: throttles that count before checking, cannot be escaped with a forged header, and
// never lock the owner out.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.endThrottleWindows());

const OWNER = DEMO_USER_EMAIL;

/** A sign-in as it arrives from a socket at `remoteAddress`, with whatever X-Forwarded-For it carries. */
async function signIn(password: string, opts: { from?: string; forwardedFor?: string; email?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authenticate',
    remoteAddress: opts.from ?? '203.0.113.10',
    headers: {
      cookie: 'XSRF-TOKEN=x',
      'x-xsrf-token': 'x',
      'content-type': 'application/json',
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
    payload: JSON.stringify({ email: opts.email ?? OWNER, password }),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('the client address', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, so a forged one does not escape the throttle', async () => {
    for (let i = 0; i < SignInThrottle.failuresPerEmailAndAddress; i++) {
      const res = await signIn('wrong-password', { forwardedFor: `198.51.100.${i}` });
      expect(res.body.error).toBe(INVALID_CREDENTIALS);
    }
    const forged = await signIn(DEMO_PASSWORD, { forwardedFor: '198.51.100.99' });
    expect(forged.status).toBe(429);
    expect(forged.body.message).toBe(ThrottleMessages.tooManySignInAttempts);
  });

  it('does not escape the per-address limit with a forged header either (password spraying)', async () => {
    for (let i = 0; i < SignInThrottle.failuresPerAddress; i++) {
      const res = await signIn('wrong-password', {
        from: '203.0.113.20',
        email: `nobody-${i}@example.com`,
        forwardedFor: `198.51.100.${i}`,
      });
      expect(res.status).toBe(200);
    }
    const next = await signIn(DEMO_PASSWORD, { from: '203.0.113.20', forwardedFor: '192.0.2.1' });
    expect(next.status).toBe(429);
    // Another address is not affected.
    expect((await signIn(DEMO_PASSWORD, { from: '203.0.113.21' })).body.success).toBe(true);
  });
});

describe('counting before checking', () => {
  it('gives 20 parallel wrong passwords no more checks than the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(`parallel-wrong-${i}`, { from: '203.0.113.30' })),
    );
    const checked = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked).toHaveLength(SignInThrottle.failuresPerEmailAndAddress);
    expect(checked.every((a) => a.body.error === INVALID_CREDENTIALS)).toBe(true);
    expect(refused).toHaveLength(20 - SignInThrottle.failuresPerEmailAndAddress);
    // Even the right password is not checked now from that address.
    expect((await signIn(DEMO_PASSWORD, { from: '203.0.113.30' })).status).toBe(429);
  });

  it('counts only failures: a right password gives its attempt back', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await signIn(DEMO_PASSWORD, { from: '203.0.113.40' })).body.success).toBe(true);
    }
    for (let i = 0; i < SignInThrottle.failuresPerEmailAndAddress - 1; i++) {
      await signIn('wrong-password', { from: '203.0.113.40' });
    }
    expect((await signIn(DEMO_PASSWORD, { from: '203.0.113.40' })).body.success).toBe(true);
  });
});

describe('never a lock', () => {
  it('lets the owner sign in from another address while an attacker is throttled, after a wait of at most 10 s', async () => {
    // An attacker spreads 25 wrong passwords for one e-mail over five addresses.
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < SignInThrottle.failuresPerEmailAndAddress; i++) {
        const res = await signIn('attacker-guess', { from: `198.18.0.${a}` });
        expect(res.status).toBe(200);
      }
    }
    expect((await signIn('attacker-guess', { from: '198.18.0.0' })).status).toBe(429);
    // Beyond 20 failures of the e-mail, each attempt waited 1 s, 2 s, 4 s, 8 s, then 10 s at most.
    expect(t.clock.sleeps.slice(-5)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
    const owner = await signIn(DEMO_PASSWORD, { from: '192.0.2.50' });
    expect(owner.body.success).toBe(true);
    expect(t.clock.sleeps.at(-1)).toBe(SignInThrottle.maxWaitMs);
  });
});
