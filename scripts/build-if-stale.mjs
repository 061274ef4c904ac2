// Builds the web app or compiles the server when its output is missing or older than its sources:
// `npm start` and the benchmarks run what is built, never a stale copy.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

const workspaces = {
  'apps/web': {
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/core/src'],
  },
  'apps/server': {
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/core/src'],
  },
};

function newestMtime(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Runs `npm run build -w <workspace>` when needed; answers the path of the built output. */
export function buildIfStale(workspace) {
  const { output, sources } = workspaces[workspace];
  const outputPath = join(root, output);
  const newest = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (!existsSync(outputPath) || statSync(outputPath).mtimeMs < newest) {
    console.log(`Building ${workspace}…`);
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`building ${workspace} failed`);
  }
  return outputPath;
}
