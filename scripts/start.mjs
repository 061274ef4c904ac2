// `npm start`: builds the web app and compiles the server when either is missing or older than its
// sources, then runs the compiled server with plain node (production runs the same build).
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;

let serverBundle;
try {
  buildIfStale('apps/web');
  serverBundle = buildIfStale('apps/server');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
