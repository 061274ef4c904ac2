import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresProxy } from '../../test/support/postgres-proxy';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/support/test-app';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../seed/organizations';
import { queryRows } from './client';
import { listenOnPostgres } from './listen';

// The read caches' listener hears its own heartbeat (db/listen.ts): when the network silently drops
// the listener's flow (a NAT or firewall that forgot it, no reset sent), the caches go off within the
// bound of silence and the listener reconnects. The listener alone goes through a proxy this test
// silences; the app's pool, and the heartbeat it sends, go straight to PostgreSQL.

const adminUrl = process.env.TEST_DATABASE_URL;
// Short for the test, long enough that a busy machine's slower heartbeats do not count as silence;
// the store's default is 15 s (README, "Production").
const SILENCE_MS = 3000;

describe.skipIf(!adminUrl)('a listener whose connection went silent', () => {
  let t: TestApp;
  let proxy: PostgresProxy;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const target = new URL(adminUrl!);
    proxy = new PostgresProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    const [{ name }] = await queryRows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
    const viaProxy = new URL(adminUrl!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    t = await createTestApp({
      database: {
        ...database,
        listen: (channel, handlers, opts) =>
          listenOnPostgres(viaProxy.toString(), channel, handlers, {
            silenceMs: opts?.silenceMs ?? SILENCE_MS,
            notify: async (to, payload) => {
              await database.query('SELECT pg_notify($1, $2)', [to, payload]);
            },
          }),
      },
      env: { READ_CACHES: '1', LISTEN_SILENCE_MS: String(SILENCE_MS) },
    });
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const validate = async (licenseKey: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/api/licensing/validate', payload: { licenseKey } })
    ).json() as { code: string };

  it('stops validating a deactivated license and answering a deleted session within the bound, then listens again', async () => {
    const [{ id, key }] = await queryRows<{ id: number; key: string }>(
      t.db,
      sql`SELECT id, api_key1 AS key FROM subscriptions WHERE id = 1`,
    );
    const user = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect((await validate(key)).code).toBe('VALID');
    expect((await user.get('/api/person/current')).status).toBe(200);
    await expect.poll(() => proxy.audible, { timeout: SILENCE_MS }).toBe(1);

    proxy.silenceOpenConnections();
    // Another server deactivates the license and housekeeping deletes the session: the database
    // announces both, and the announcements are lost on the way.
    const changed = performance.now();
    await t.db.execute(sql`UPDATE subscriptions SET deactivate_date = '2026-01-01' WHERE id = ${id}`);
    await t.db.execute(sql`DELETE FROM sessions WHERE person_id = ${user.person.personId}`);

    await expect.poll(async () => (await validate(key)).code, { timeout: 3 * SILENCE_MS }).not.toBe('VALID');
    await expect
      .poll(async () => (await user.get('/api/person/current')).status, { timeout: SILENCE_MS })
      .toBe(401);
    // Within the bound and the check's step, with room for a busy machine's slower answers.
    expect(performance.now() - changed).toBeLessThan(SILENCE_MS + SILENCE_MS / 2);

    // The listener replaced its connection and hears again: caches on, announcements arrive. No
    // bound is promised for reconnecting: a failed attempt (a busy machine, a server short of
    // connections while the whole suite runs) doubles the wait before the next, up to 30 s.
    await expect.poll(() => proxy.audible, { timeout: 75_000 }).toBe(1);
    await t.db.execute(sql`UPDATE subscriptions SET deactivate_date = NULL WHERE id = ${id}`);
    await expect.poll(async () => (await validate(key)).code).toBe('VALID');
  }, 120_000);

  it('gives up on a new connection that goes silent before it listens, and connects again', async () => {
    const [{ id, key }] = await queryRows<{ id: number; key: string }>(
      t.db,
      sql`SELECT id, api_key1 AS key FROM subscriptions WHERE id = 1`,
    );
    await expect.poll(() => proxy.audible, { timeout: 75_000 }).toBe(1);
    // The listener's next connection is answered up to its LISTEN, then nothing more.
    proxy.silenceOnceReady = true;
    proxy.silenceOpenConnections();
    await expect.poll(() => proxy.audible, { timeout: 3 * SILENCE_MS }).toBe(0);
    await new Promise((r) => setTimeout(r, 2 * SILENCE_MS));
    proxy.silenceOnceReady = false;

    // Within the bound on the LISTEN and the backoff after it, the listener hears again.
    await expect.poll(() => proxy.audible, { timeout: 75_000 }).toBe(1);
    await t.db.execute(sql`UPDATE subscriptions SET deactivate_date = '2026-01-01' WHERE id = ${id}`);
    await expect.poll(async () => (await validate(key)).code).not.toBe('VALID');
    await t.db.execute(sql`UPDATE subscriptions SET deactivate_date = NULL WHERE id = ${id}`);
    await expect.poll(async () => (await validate(key)).code).toBe('VALID');
  }, 120_000);
});
