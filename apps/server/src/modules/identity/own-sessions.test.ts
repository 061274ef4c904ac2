import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEMO_PASSWORD, DEMO_USER_EMAIL, PERPETUAL_EMAIL } from '../../seed/organizations';

// ASVS 5.0 7.5.2: a person sees their active sessions and ends any of them; 7.4.3: all but this one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signInFrom = async (userAgent: string) => {
  const res = await t
    .client()
    .post(
      '/api/authenticate',
      { email: DEMO_USER_EMAIL, password: DEMO_PASSWORD, orgId: null, rememberMe: true },
      { 'user-agent': userAgent },
    );
  return t.client(res.body.token);
};

describe("a person's own sessions", () => {
  it('lists them most recently used first, with the browser and the current one marked', async () => {
    const laptop = await signInFrom('Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    const phone = await signInFrom('Mozilla/5.0 (iPhone) Safari/605.1');
    const res = await phone.get('/api/person/sessions');
    expect(res.status).toBe(200);
    const mine = res.body.sessions.filter((s: { userAgent: string }) => s.userAgent !== '');
    expect(mine.map((s: { userAgent: string; current: boolean }) => [s.userAgent, s.current])).toEqual(
      expect.arrayContaining([
        ['Mozilla/5.0 (iPhone) Safari/605.1', true],
        ['Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', false],
      ]),
    );
    expect(res.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(res.body.sessions[0].address).not.toBe('');
    await laptop.get('/api/person/logout');
    await phone.get('/api/person/logout');
  });

  it('ends one of them: its token stops at once, the others keep working', async () => {
    const here = await signInFrom('here');
    const lost = await signInFrom('lost laptop');
    const lostId = (await here.get('/api/person/sessions')).body.sessions.find(
      (s: { userAgent: string }) => s.userAgent === 'lost laptop',
    ).sessionId;
    expect(await here.delete(`/api/person/sessions/${lostId}`)).toMatchObject({
      status: 200,
      body: { ended: 1 },
    });
    expect((await lost.get('/api/person/current')).status).toBe(401);
    expect((await here.get('/api/person/current')).status).toBe(200);
    expect((await here.delete(`/api/person/sessions/${lostId}`)).status).toBe(404);
  });

  it("cannot see or end another person's session", async () => {
    const jane = await signInFrom('jane');
    const other = await t.login(PERPETUAL_EMAIL, DEMO_PASSWORD);
    const otherId = (await other.get('/api/person/sessions')).body.sessions[0].sessionId;
    const ids = (await jane.get('/api/person/sessions')).body.sessions.map(
      (s: { sessionId: number }) => s.sessionId,
    );
    expect(ids).not.toContain(otherId);
    expect(await jane.delete(`/api/person/sessions/${otherId}`)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect((await other.get('/api/person/current')).status).toBe(200);
  });

  it('signs out everywhere else, keeping the session that asked', async () => {
    const a = await signInFrom('a');
    const b = await signInFrom('b');
    const here = await signInFrom('here');
    const res = await here.post('/api/person/sessions/end_others');
    expect(res.status).toBe(200);
    expect(res.body.ended).toBeGreaterThanOrEqual(2);
    expect((await a.get('/api/person/current')).status).toBe(401);
    expect((await b.get('/api/person/current')).status).toBe(401);
    expect((await here.get('/api/person/sessions')).body.sessions).toHaveLength(1);
  });

  it('refuses without a token, and a mutation without the XSRF echo', async () => {
    expect((await t.client().get('/api/person/sessions')).status).toBe(401);
    const here = await signInFrom('xsrf');
    const res = await here.post('/api/person/sessions/end_others', {}, { 'x-xsrf-token': 'forged' });
    expect(res.status).toBe(403);
  });
});
