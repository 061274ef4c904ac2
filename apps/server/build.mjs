// Compiles the server into one ES module, dist/server.js, which `npm start` and production run with
// plain node (tsx stays for development and tests). Packages from node_modules stay external and
// load as installed; the workspace's own TypeScript (@store/core) is bundled in.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outdir = join(here, 'dist');
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await build({
  entryPoints: { server: join(here, 'src/server.ts'), worker: join(here, 'src/worker.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`server compiled to ${outdir} in ${Date.now() - started} ms`);
