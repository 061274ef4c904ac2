import { join } from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';

// What the SIGKILL fault tests share: the PostgreSQL they need, one bundle per worker (so a restart
// takes a fraction of a second, not a TypeScript compile), and dropping their database afterwards.

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
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

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** A new, empty database beside the admin one; answers its address. */
export async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
