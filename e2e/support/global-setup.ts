import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { startDemoServer } from './demo-server';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(repoRoot, 'apps/web');

/** Newest modification time under the given paths (files or directories), skipping node_modules. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

function buildWebIfStale(): void {
  const builtIndex = path.join(webDir, 'dist/index.html');
  const sources = newestMtime([
    path.join(webDir, 'src'),
    path.join(webDir, 'index.html'),
    path.join(webDir, 'vite.config.ts'),
    path.join(webDir, 'postcss.config.cjs'),
    path.join(repoRoot, 'packages/core/src'),
  ]);
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= sources) return;
  console.log('[e2e] building apps/web (dist missing or older than its sources)');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_BASE_URL points the tests at a server that is already running (e.g. `vite preview` in
  // front of a dev server); nothing is built, started or cleaned up then.
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the running server at ${process.env.E2E_BASE_URL}`);
    return async () => undefined;
  }
  buildWebIfStale();
  const server = await startDemoServer(`server-${process.env.E2E_RUN_ID ?? process.pid}`);
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
