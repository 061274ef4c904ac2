// `npm start`: builds the web app and compiles the server when either is missing or older than its
// sources, then runs the compiled server with plain node (production runs the same build).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Runs `npm run build -w <workspace>` unless `output` is newer than every one of `sources`. */
function buildIfStale(workspace, output, sources) {
  const newest = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (existsSync(output) && statSync(output).mtimeMs >= newest) return;
  console.log(`Building ${workspace}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

buildIfStale('apps/web', join(root, 'apps/web/dist/index.html'), [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/core/src',
]);
const serverBundle = join(root, 'apps/server/dist/server.js');
buildIfStale('apps/server', serverBundle, ['apps/server/src', 'apps/server/build.mjs', 'packages/core/src']);

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
