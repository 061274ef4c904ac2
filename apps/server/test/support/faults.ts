import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seedCatalog } from '../../src/seed/catalog';
import { makePayingAndDeclining, planId } from './billing';
import { ADMIN_URL, dropDatabase, postgresReachable } from './postgres';

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

/** Whom the fault tests bill: a customer whose card pays, one whose card is declined, and their plan. */
export type FaultCustomers = Awaited<ReturnType<typeof makePayingAndDeclining>> & { flex: number };

export type FaultRun = Awaited<ReturnType<typeof prepareFaultRun>> & { customers: FaultCustomers };

/**
 * A fault test's run (prepareFaultRun) in a database of its own named after `prefix`, with its
 * customers (on Flex 2,500) and `seed`'s data, made before the tests of the describe this is called
 * in and dropped after them. Its fields are there once the tests start.
 */
export function useFaultRun(
  prefix: string,
  worker: { entry: string; outName: string },
  seed: (db: Db, customers: FaultCustomers) => Promise<void>,
): FaultRun {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const run = {} as FaultRun;
  beforeAll(async () => {
    Object.assign(run, await prepareFaultRun(name, worker));
    const db = run.database.db;
    run.customers = { ...(await makePayingAndDeclining(db)), flex: await planId(db, 'Flex 2,500') };
    await seed(db, run.customers);
  }, 60_000);
  afterAll(async () => {
    await run.database?.close();
    await dropDatabase(name);
  });
  return run;
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

/**
 * Two workers at work, one of them killed at random after a pause of 20 ms up to `maxPauseMs` more,
 * again and again, until `runMs` has passed and `enough(kills)` holds, or `maxKills` were made; then
 * every worker is stopped. A loaded spare takes over the moment one is killed, so the kills are not
 * spaced out by process start-up. `beforeKill` hears which worker is about to die. Answers the kills.
 */
export async function killAtRandom(
  spawnWorker: (spare: boolean) => Promise<ChildProcess>,
  opts: {
    runMs: number;
    maxPauseMs: number;
    maxKills: number;
    enough: (kills: number) => boolean;
    beforeKill?: (victim: ChildProcess) => void;
  },
): Promise<number> {
  const workers = [await spawnWorker(false), await spawnWorker(false)];
  let spare = spawnWorker(true);
  let kills = 0;
  const until = Date.now() + opts.runMs;
  while ((Date.now() < until || !opts.enough(kills)) && kills < opts.maxKills) {
    const pause = new Promise((r) => setTimeout(r, 20 + Math.floor(Math.random() * opts.maxPauseMs)));
    const [next] = await Promise.all([spare, pause]);
    const victim = Math.random() < 0.5 ? 0 : 1;
    opts.beforeKill?.(workers[victim]!);
    await killed(workers[victim]!);
    kills += 1;
    next.stdin!.write('go\n');
    workers[victim] = next;
    spare = spawnWorker(true);
  }
  await killed(await spare);
  await Promise.all(workers.map(killed));
  return kills;
}
