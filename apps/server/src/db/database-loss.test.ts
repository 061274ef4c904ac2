import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresProxy } from '../../test/support/postgres-proxy';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../seed/organizations';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { DATABASE_UNAVAILABLE_MESSAGE } from './unavailable';

// docs/design.md §4: a lost database answers 503 with Retry-After, never a 500 or a hang, and the server
// serves again once PostgreSQL is back, without a restart. The app reaches PostgreSQL through a TCP
// proxy this test cuts (the machine's PostgreSQL is shared and is never stopped).

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a lost database', () => {
  let t: TestApp;
  let proxy: PostgresProxy;
  const name = `t_loss_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(adminUrl!);
    proxy = new PostgresProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(adminUrl!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    const database = await openDatabase({
      databaseUrl: viaProxy.toString(),
      onIdleConnectionError: () => {},
    });
    await migrate(database);
    t = await createTestApp({ database });
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('answers 503 with Retry-After under load while it is gone, then serves again without a restart', async () => {
    const jane = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect((await jane.get('/api/health/ready')).body).toEqual({
      status: 'ok',
      database: 'reachable',
      migrations: 'applied',
    });
    const seen: { status: number; ms: number; retryAfter?: string; body: unknown }[] = [];
    let running = true;
    const load = async () => {
      while (running) {
        for (const url of ['/api/person/current', '/api/health/ready', '/api/subscription/all']) {
          const started = Date.now();
          const res = await jane.get(url);
          seen.push({
            status: res.status,
            ms: Date.now() - started,
            retryAfter: res.raw.headers['retry-after'] as string | undefined,
            body: res.body,
          });
        }
      }
    };
    const workers = Array.from({ length: 8 }, load);
    await new Promise((r) => setTimeout(r, 500));
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 2500));
    const duringCut = seen.length;
    await proxy.open();
    // Back: within a few seconds every answer is a 200 again.
    const backBy = Date.now() + 15_000;
    let recovered = false;
    while (Date.now() < backBy && !recovered) {
      await new Promise((r) => setTimeout(r, 250));
      const last = seen.slice(-12);
      recovered = last.length === 12 && last.every((s) => s.status === 200);
    }
    running = false;
    await Promise.all(workers);

    expect(recovered).toBe(true);
    expect(seen.filter((s) => s.status === 503).length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    for (const s of seen.filter((x) => x.status === 503)) {
      expect(s.retryAfter).toBe('5');
      expect(s.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    // Never a hang: a request fails within the pool's 5 s connection timeout and a margin.
    expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(8_000);
    expect(duringCut).toBeGreaterThan(0);
    expect((await jane.get('/api/health/ready')).status).toBe(200);
  }, 60_000);
});
