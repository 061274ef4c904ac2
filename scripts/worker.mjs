// `npm run worker`: compiles the server when stale, then runs its worker (dist/worker.js) with plain
// node: billing, settling, the outbox sender and housekeeping without HTTP (decision 018).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;

let workerBundle;
try {
  workerBundle = join(dirname(buildIfStale('apps/server')), 'worker.js');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const worker = spawn(process.execPath, ['--enable-source-maps', workerBundle], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code) => process.exit(code ?? 0));
