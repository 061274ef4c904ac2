import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/test/support/processes';

// One way to start the demo server the browser tests talk to. With E2E_DATABASE_URL (npm test sets
// it from DATABASE_URL) the server runs on a PostgreSQL database of its own, made here and dropped
// afterwards: the embedded database runs inside the server's event loop, and the suite spent most
// of its time waiting for it. Without it the server keeps its embedded database in its data folder.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;

export interface DemoServer {
  url: string;
  /** The server's own PostgreSQL database, when it runs on one (E2E_DATABASE_URL). */
  databaseUrl?: string;
  stop(): Promise<void>;
}

/** Copies apps/web/dist once it is complete (a rebuild meanwhile may be rewriting it). */
async function copyBuiltSpa(to: string): Promise<void> {
  const from = path.join(repoRoot, 'apps/web/dist');
  for (let attempt = 0; attempt < 120; attempt++) {
    if (existsSync(path.join(from, 'index.html'))) {
      rmSync(to, { recursive: true, force: true });
      try {
        cpSync(from, to, { recursive: true });
        if (existsSync(path.join(to, 'index.html'))) return;
      } catch {
        // a file vanished mid-copy: try again
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('apps/web/dist/index.html did not appear; build the web app first');
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server E2E_DATABASE_URL names; its URL and how to drop it. */
async function createDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const database =
    `e2e_${name.replace(/[^a-z0-9_]/gi, '_')}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE "${database}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`[e2e] the server exited with code ${child.exitCode} while starting; see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `[e2e] the server did not answer GET /api/health within ${START_TIMEOUT_MS} ms; see ${logFile}`,
  );
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The whole process group: no child the server started keeps the port.
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), 10_000)),
  ]);
  if (timedOut) {
    signal('SIGKILL');
    await exited;
  }
}

/**
 * Starts a demo server (DEMO=1: demo data, sandbox gateway) on a free port, serving a private copy
 * of the built web app so a rebuild meanwhile cannot pull files from under the tests.
 * `name` tells its log (test-results/e2e-<name>.log) and database apart; `env` adds settings, given
 * the server's address.
 */
export async function startDemoServer(
  name: string,
  env: (url: string) => Record<string, string> = () => ({}),
): Promise<DemoServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  const resultsDir = path.join(repoRoot, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, `e2e-${name}.log`);
  const webDist = path.join(dataDir, 'web-dist');
  await copyBuiltSpa(webDist);
  const serverUrl = process.env.E2E_DATABASE_URL;
  const database = serverUrl ? await createDatabase(serverUrl, name) : undefined;

  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST: webDist,
      DEMO: '1',
      DATABASE_URL: database?.url ?? '',
      ...env(url),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  // Once, whoever asks first: a spec stops its own server when it ends, and its worker's teardown
  // asks again (e2e/support/smtp.ts).
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= stopNow());
  const stopNow = async () => {
    await stopProcess(child);
    // The log stops listening before it ends: a late write into the pipes would throw in the runner.
    child.stdout?.unpipe(log);
    child.stderr?.unpipe(log);
    log.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(
    `[e2e] ${name} server at ${url} (${database ? 'PostgreSQL' : 'embedded database'}, log ${path.relative(repoRoot, logFile)})`,
  );
  return { url, stop, ...(database ? { databaseUrl: database.url } : {}) };
}
