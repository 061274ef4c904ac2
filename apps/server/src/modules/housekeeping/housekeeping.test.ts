import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_USER_EMAIL } from '../../seed/organizations';
import { createLinksService } from '../accounts';
import { createSsoSweep } from '../sso';
import { sweep } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

describe('housekeeping', () => {
  it('deletes expired sessions, used or expired links, ended throttle windows and spent single sign-on records, and nothing still in use', async () => {
    const stale = await t.login(DEMO_USER_EMAIL);
    await t.client().get('/api/person/password_reset_request/omar.haddad@example.com');
    await t.client().post('/api/authenticate', { email: 'nobody@example.com', password: 'wrong-password' });
    await new Promise((r) => setTimeout(r, 200)); // the reset mail is written after the answer
    t.clock.advanceDays(8); // the session and the reset link are past their expiry
    const fresh = await t.login(DEMO_USER_EMAIL);
    const before = { sessions: await count('sessions'), links: await count('one_time_tokens') };
    // A single sign-on attempt and a SAML assertion id each spent, and each still live; an attempt
    // past its life whose ticket is still good to take is kept too.
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const [org] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM organizations ORDER BY id LIMIT 1`,
    );
    await t.db.execute(sql`
      INSERT INTO sso_attempts (state_hash, organization_id, created_at, expires_at, ticket_expires_at) VALUES
        ('spent', ${org!.id}, ${at(-3_600_000)}, ${at(-60_000)}, NULL),
        ('live', ${org!.id}, ${at(0)}, ${at(600_000)}, NULL),
        ('ticket-live', ${org!.id}, ${at(-3_600_000)}, ${at(-60_000)}, ${at(60_000)})`);
    await t.db.execute(sql`
      INSERT INTO sso_saml_assertions (organization_id, assertion_id, expires_at) VALUES
        (${org!.id}, 'spent', ${at(-1)}), (${org!.id}, 'live', ${at(300_000)})`);
    expect(await count('rate_limits')).toBeGreaterThan(0);

    await t.endThrottleWindows();
    const swept = await sweep({
      database: t.database,
      sessions: t.deps.sessions,
      links: createLinksService(t.deps),
      sso: createSsoSweep(t.deps),
    });

    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.links).toBeGreaterThanOrEqual(1);
    expect(swept.throttles).toBeGreaterThan(0);
    expect(await count('sessions')).toBe(before.sessions - swept.sessions);
    expect(await count('one_time_tokens')).toBe(before.links - swept.links);
    expect(await count('rate_limits')).toBe(0);
    expect(swept.sso).toBe(2);
    const attempts = await queryRows<{ state_hash: string }>(
      t.db,
      sql`SELECT state_hash FROM sso_attempts ORDER BY 1`,
    );
    expect(attempts.map((a) => a.state_hash)).toEqual(['live', 'ticket-live']);
    const ids = await queryRows<{ assertion_id: string }>(
      t.db,
      sql`SELECT assertion_id FROM sso_saml_assertions`,
    );
    expect(ids.map((a) => a.assertion_id)).toEqual(['live']);
    expect((await stale.get('/api/person/current')).status).toBe(401);
    expect((await fresh.get('/api/person/current')).status).toBe(200);
  });
});
