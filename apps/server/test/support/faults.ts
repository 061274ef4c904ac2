import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { describe, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seedCatalog } from '../../src/seed/catalog';
import { ADMIN_URL, postgresReachable } from './postgres';

// What the SIGKILL fault tests share: their PostgreSQL database, one bundle per worker (so a restart
// takes a fraction of a second, not a TypeScript compile), starting and killing the workers.

/**
 * Whether PostgreSQL answers for the fault test `test` (its suite named `suite`). Where none does the
 * test is skipped with a warning, but not in CI, where it must run: there a failing test says why.
 */
export async function faultTestRuns(test: string, suite: string): Promise<boolean> {
  const reachable = await postgresReachable();
  const inCi = process.env.CI === 'true';
  if (!reachable && !inCi)
    console.warn(`${test} skipped: no PostgreSQL at ${ADMIN_URL} (set TEST_DATABASE_URL)`);
  describe.runIf(!reachable && inCi)(`${suite} in CI`, () => {
    it('needs PostgreSQL', () => {
      throw new Error(`The ${test} needs PostgreSQL at ${ADMIN_URL} (TEST_DATABASE_URL); none answered.`);
    });
  });
  return reachable;
}

/**
 * What a fault test runs on: a new database `name`, migrated, with the catalogue, whose `url` its
 * workers open; and its worker (`entry` beside this file) bundled at `workerFile`. Commits do not wait for the disk: a killed process loses nothing it committed (only
 * an operating-system crash would), and the test spends its time on kills, not on fsync.
 */
export async function prepareFaultRun(
  name: string,
  worker: { entry: string; outName: string },
): Promise<{ url: string; database: Database; workerFile: string }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrate(database);
  await seedCatalog(database.db);
  return { url: url.toString(), database, workerFile: await bundleWorker(worker.entry, worker.outName) };
}

/** Bundles `entry` (a worker beside this file) and answers the bundle's path. */
export async function bundleWorker(entry: string, outName: string): Promise<string> {
  const here = import.meta.dirname;
  const outfile = join(here, '../../node_modules/.cache/billing-fault', outName);
  await build({
    entryPoints: [join(here, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    external: ['pg-native', '@electric-sql/pglite', 'argon2'],
    minify: true,
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  return outfile;
}

/**
 * Starts a bundled worker with `env` added to this process's; resolves once it first writes on
 * stdout (it is ready), and rejects if it exits any other way than by SIGKILL. `onOutput` hears every
 * write.
 */
export function startWorker(
  workerFile: string,
  env: Record<string, string>,
  onOutput?: (child: ChildProcess, text: string) => void,
): Promise<ChildProcess> {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(process.execPath, [workerFile], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => {
      stderr += String(d);
    });
    child.stdout!.on('data', (d) => {
      onOutput?.(child, String(d));
      resolve(child);
    });
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`worker exited (${code}): ${stderr}`));
    });
  });
}

/** Kills the worker with SIGKILL; resolves once it has exited. */
export function killed(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
