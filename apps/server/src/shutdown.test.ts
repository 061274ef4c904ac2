import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerEnv, freePort } from '../test/support/processes';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from './seed/organizations';

// docs/design.md §4 "Shutdown": under load, SIGTERM stops accepting, every request the server took is
// answered, and the process exits within 10 s. A real server process, started as in production.

const serverDir = join(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_URL;

interface Outcome {
  status?: number;
  error?: string;
}

/** One request on its own connection; the outcome says whether an answer arrived, whole. */
function call(port: number, method: string, path: string, body?: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          cookie: 'XSRF-TOKEN=x',
          'x-xsrf-token': 'x',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
        res.on('error', (e) =>
          resolve({ error: `body cut: ${(e as NodeJS.ErrnoException).code ?? e.message}` }),
        );
      },
    );
    req.on('error', (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    req.end(payload);
  });
}

describe('SIGTERM', () => {
  let child: ChildProcess;
  let port: number;
  let dataDir: string;
  let dbName: string | null = null;
  const log: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'store-shutdown-'));
    const env = demoServerEnv(port, dataDir, {
      WEB_DIST: '/nonexistent',
      // Requests are logged as they arrive at debug level only (plugins/request-log.ts).
      LOG_LEVEL: 'debug',
      BILLING_INTERVAL_SECONDS: '1',
      HOUSEKEEPING_INTERVAL_SECONDS: '1',
    });
    if (adminUrl) {
      dbName = `t_stop_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
    }
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: serverDir, env });
    child.stdout?.on('data', (d) => log.push(String(d)));
    child.stderr?.on('data', (d) => log.push(String(d)));
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      const res = await call(port, 'GET', '/api/health/ready');
      if (res.status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the server did not start:\n${log.join('')}`);
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('answers every request it took, refuses new ones, and exits within 10 s', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const loop = async (make: () => Promise<Outcome>) => {
      while (running) outcomes.push(await make());
    };
    const signIn = () =>
      call(port, 'POST', '/api/authenticate', {
        email: DEMO_USER_EMAIL,
        password: DEMO_PASSWORD,
        orgId: null,
      });
    const workers = [
      ...Array.from({ length: 4 }, () => loop(() => call(port, 'GET', '/api/product/all'))),
      ...Array.from({ length: 2 }, () => loop(signIn)),
    ];
    await new Promise((r) => setTimeout(r, 1500));
    const answeredBefore = outcomes.filter((o) => o.status === 200).length;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const signalled = Date.now();
    child.kill('SIGTERM');
    const code = await exited;
    const took = Date.now() - signalled;
    running = false;
    await Promise.all(workers);
    const output = log.join('');

    expect(answeredBefore).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);
    // Every request the server began is answered: each one it logged as incoming it logged as completed.
    const started = output.match(/"msg":"incoming request"/g)?.length ?? 0;
    const completed = output.match(/"msg":"request completed"/g)?.length ?? 0;
    expect(started).toBeGreaterThanOrEqual(answeredBefore);
    expect(completed).toBe(started);
    // On the client's side, an answer arrived whole, or the connection was refused before the server
    // took it (a connection still in the listen queue when it closes is reset by the kernel).
    const cut = outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED' && o.error !== 'ECONNRESET');
    expect(cut).toEqual([]);
    expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200 && o.status !== 503)).toEqual(
      [],
    );
    expect(output).toContain('"msg":"stopped"');
  }, 60_000);
});
