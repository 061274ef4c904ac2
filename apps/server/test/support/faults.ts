import { join } from 'node:path';
import { build } from 'esbuild';

// What the SIGKILL fault tests share besides their PostgreSQL (postgres.ts): one bundle per worker,
// so a restart takes a fraction of a second, not a TypeScript compile.

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
