import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_USER_EMAIL } from '../../seed/organizations';
import { createLinksService } from '../accounts';
import { sweep } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

describe('housekeeping', () => {
  it('deletes expired sessions, used or expired links and ended throttle windows, and nothing still in use', async () => {
    const stale = await t.login(DEMO_USER_EMAIL);
    await t.client().get('/api/person/password_reset_request/omar.haddad@example.com');
    await t.client().post('/api/authenticate', { email: 'nobody@example.com', password: 'wrong-password' });
    await new Promise((r) => setTimeout(r, 200)); // the reset mail is written after the answer
    t.clock.advanceDays(8); // the session and the reset link are past their expiry
    const fresh = await t.login(DEMO_USER_EMAIL);
    const before = { sessions: await count('sessions'), links: await count('one_time_tokens') };
    expect(await count('rate_limits')).toBeGreaterThan(0);

    await t.endThrottleWindows();
    const swept = await sweep({
      database: t.database,
      sessions: t.deps.sessions,
      links: createLinksService(t.deps),
    });

    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.links).toBeGreaterThanOrEqual(1);
    expect(swept.throttles).toBeGreaterThan(0);
    expect(await count('sessions')).toBe(before.sessions - swept.sessions);
    expect(await count('one_time_tokens')).toBe(before.links - swept.links);
    expect(await count('rate_limits')).toBe(0);
    expect((await stale.get('/api/person/current')).status).toBe(401);
    expect((await fresh.get('/api/person/current')).status).toBe(200);
  });
});
