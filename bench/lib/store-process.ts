import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../apps/server/test/support/processes';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { createBenchDatabase } from './postgres';

/**
 * The path a started server must answer 200 on before it counts as up. One constant, so the
 * benchmarks follow when readiness moves to its own endpoint.
 */
export const HEALTH_PATH = '/api/health';

export { freePort };

export type DatabaseKind = 'postgres' | 'embedded';

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 on the health path (or `path` given to startProcess). */
  startMs: number;
  stop(): Promise<void>;
}

/** Spawns `node args…` with PORT set and waits until `path` answers 200. */
export async function startProcess(
  args: string[],
  opts: { env?: Record<string, string>; path?: string; timeoutMs?: number } = {},
): Promise<RunningProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const deadline = Date.now() + (opts.timeoutMs ?? 300_000);
  const path = opts.path ?? HEALTH_PATH;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`node ${args.join(' ')} exited ${child.exitCode}:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`node ${args.join(' ')} did not answer ${path} in time:\n${stderr}`);
    }
    try {
      if ((await fetch(url + path)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface StoreDatabase {
  kind: DatabaseKind;
  env: Record<string, string>;
  remove(): Promise<void>;
}

/** A fresh database for a store: a new PostgreSQL database, or a new embedded data folder. */
export async function createStoreDatabase(kind: DatabaseKind): Promise<StoreDatabase> {
  if (kind === 'postgres') {
    const db = await createBenchDatabase();
    return { kind, env: { DATABASE_URL: db.url }, remove: db.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-'));
  return {
    kind,
    env: { DATA_DIR: join(dir, 'data') },
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The compiled store, as `npm start` runs it, in demo mode (demo data, sandbox gateway) on the given
 * database. The scheduler is off so that only the measured requests load the machine.
 * `BENCH_NODE_ARGS` adds node options to the store only, e.g. `--cpu-prof --cpu-prof-dir=profiles`
 * to see where a benchmark's load goes (node refuses --cpu-prof in NODE_OPTIONS).
 */
export function startStore(database: StoreDatabase, env: Record<string, string> = {}) {
  const bundle = buildIfStale('apps/server');
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return startProcess([...nodeArgs, '--enable-source-maps', bundle], {
    env: { DEMO: '1', BILLING_INTERVAL_SECONDS: '0', ...database.env, ...env },
  });
}

/** A demo person's bearer token and the XSRF cookie, as the SPA holds them after sign-in. */
export async function signIn(
  baseUrl: string,
  email = 'demo@example.com',
  password = 'Harbor-Lantern-2026',
  companyName = 'Demo Documents Inc.',
): Promise<{ token: string; xsrf: string; headers: Record<string, string> }> {
  const xsrf = 'bench-xsrf-token';
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const call = async (orgId?: number) => {
    const res = await fetch(`${baseUrl}/api/authenticate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password, orgId: orgId ?? null, rememberMe: true }),
    });
    return (await res.json()) as {
      token?: string;
      possibleOrganizations?: { organizationId: number; companyName: string }[];
    };
  };
  let answer = await call();
  if (!answer.token) {
    const org = answer.possibleOrganizations?.find((o) => o.companyName === companyName);
    if (!org) throw new Error(`cannot sign in as ${email}: ${JSON.stringify(answer)}`);
    answer = await call(org.organizationId);
  }
  if (!answer.token) throw new Error(`cannot sign in as ${email}: ${JSON.stringify(answer)}`);
  return {
    token: answer.token,
    xsrf,
    headers: { authorization: `Bearer ${answer.token}`, cookie: `XSRF-TOKEN=${xsrf}` },
  };
}
