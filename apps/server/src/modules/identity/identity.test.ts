import { SignInThrottle, ThrottleMessages } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SUB_ACCOUNT } from '../../seed/organizations';
import { INVALID_CREDENTIALS } from './identity.service';

const TOO_MANY_ATTEMPTS = ThrottleMessages.tooManySignInAttempts;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/authenticate', () => {
  it('lists both organizations of an e-mail that belongs to two, without signing in', async () => {
    const res = await t.client().post('/api/authenticate', {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      orgId: null,
      rememberMe: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.token).toBeNull();
    expect(res.body.possibleOrganizations.map((o: { companyName: string }) => o.companyName).sort()).toEqual([
      'Demo Documents Europe',
      'Demo Documents Inc.',
    ]);
    expect(res.body.error).toBe(
      'Your email is associated with more than one organization. Please choose the organization you would like to login to.',
    );
  });

  it('signs in to the chosen organization and returns person and organization without secrets', async () => {
    const api = await t.loginDemo();
    expect(api.person).toMatchObject({ firstName: 'Dana', lastName: 'Demo', email: DEMO_EMAIL });
    expect(api.person).not.toHaveProperty('password');
    expect(api.person).not.toHaveProperty('passwordHash');
    expect(api.organization).toMatchObject({
      companyName: 'Demo Documents Inc.',
      hasBillingInfo: true,
      discount: 0.05,
    });
    const me = await api.get('/api/person/current');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(DEMO_EMAIL);
    const org = await api.get('/api/organization/current');
    expect(org.body.companyName).toBe('Demo Documents Inc.');
  });

  it('signs in to the sub-account when that organization is chosen', async () => {
    const list = await t
      .client()
      .post('/api/authenticate', { email: DEMO_EMAIL, password: DEMO_PASSWORD, orgId: null });
    const europe = list.body.possibleOrganizations.find(
      (o: { companyName: string }) => o.companyName === DEMO_SUB_ACCOUNT,
    );
    const api = await t.login(DEMO_EMAIL, DEMO_PASSWORD, europe.organizationId);
    expect(api.organization.companyName).toBe(DEMO_SUB_ACCOUNT);
    expect(api.organization.allowMonthly).toBe(false);
  });

  it('answers a wrong password with 200 and success false (a 401 would log the client out)', async () => {
    const res = await t
      .client()
      .post('/api/authenticate', { email: 'jane.miller@example.com', password: 'wrong-password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      token: null,
      error: INVALID_CREDENTIALS,
      possibleOrganizations: [],
    });
  });

  it.each([
    [{}, 'email: Email is required'],
    [{ email: 'a@b.co' }, 'password: Password is required'],
    [{ email: 12, password: 'x' }, 'email'],
    [{ email: 'a@b.co', password: 'x'.repeat(100_000) }, 'password'],
    [{ email: 'a@b.co', password: 'secret', orgId: 'one' }, 'orgId'],
  ])('refuses %j with 400 and a readable message', async (body, message) => {
    const res = await t.client().post('/api/authenticate', body);
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toContain(message);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.client().post('/api/authenticate', '{"email":');
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe('The request body is not valid JSON.');
  });

  it('refuses a request without the XSRF header with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('XSRF');
  });

  it('throttles an (e-mail, address) pair after 5 wrong passwords, even with the right one, until the window ends', async () => {
    const email = 'omar.haddad@example.com';
    for (let i = 0; i < SignInThrottle.failuresPerEmailAndAddress; i++) {
      const res = await t.client().post('/api/authenticate', { email, password: `wrong-${i}-password` });
      expect(res.body.error).toBe(INVALID_CREDENTIALS);
    }
    const blocked = await t.client().post('/api/authenticate', { email, password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(refusal(blocked.body)).toBe(TOO_MANY_ATTEMPTS);
    expect(Number(blocked.raw.headers['retry-after'])).toBeGreaterThan(0);
    // The window ends (15 minutes): the owner signs in again from the same address.
    await t.endThrottleWindows();
    const later = await t.client().post('/api/authenticate', { email, password: DEMO_PASSWORD });
    expect(later.body.success).toBe(true);
  });
});

describe('tokens', () => {
  it('gives 401 without a token and with a revoked one', async () => {
    expect((await t.client().get('/api/person/current')).status).toBe(401);
    const api = await t.loginDemo();
    expect((await api.get('/api/person/current')).status).toBe(200);
    await api.get('/api/person/logout');
    expect((await api.get('/api/person/current')).status).toBe(401);
    expect((await t.client('made-up-token').get('/api/organization/current')).status).toBe(401);
  });

  it('expires a token after 7 days unused', async () => {
    const api = await t.loginDemo();
    t.clock.advanceDays(7.01);
    expect((await api.get('/api/person/current')).status).toBe(401);
  });
});

describe('API plumbing', () => {
  it('answers health and publishes the OpenAPI document', async () => {
    expect((await t.client().get('/api/health')).body.status).toBe('ok');
    const doc = await t.client().get('/api/openapi.json');
    expect(doc.body.paths['/api/authenticate']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(refusal(res.body)).toContain('/api/nope');
  });
});

describe('throttling by address', () => {
  it('counts only failures, so many good sign-ins from one address are never throttled', async () => {
    for (let i = 0; i < 60; i++) {
      const res = await t
        .client()
        .post('/api/authenticate', { email: 'jane.miller@example.com', password: 'Harbor-Lantern-2026' });
      expect(res.body.success).toBe(true);
    }
  });
});
