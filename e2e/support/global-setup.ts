import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(repoRoot, 'apps/web');
const SERVER_START_TIMEOUT_MS = 120_000;

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`[e2e] the server exited with code ${child.exitCode} while starting; see ${logFile}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `[e2e] the server did not answer GET /api/health within ${SERVER_START_TIMEOUT_MS} ms; see ${logFile}`,
  );
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // npx → tsx → node: signal the whole process group so no grandchild keeps the port.
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), 10_000)),
  ]);
  if (timedOut) {
    signal('SIGKILL');
    await exited;
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_BASE_URL points the tests at a server that is already running (e.g. `vite preview` in
  // front of a dev server); nothing is built, started or cleaned up then.
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the running server at ${process.env.E2E_BASE_URL}`);
    return async () => undefined;
  }
  buildWebIfStale();

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  const resultsDir = path.join(repoRoot, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, `e2e-server-${process.env.E2E_RUN_ID ?? process.pid}.log`);
  // The server serves a private copy of the build, so another run (or a developer) rebuilding
  // apps/web/dist meanwhile cannot pull the files out from under these tests.
  const webDist = path.join(dataDir, 'web-dist');
  cpSync(path.join(webDir, 'dist'), webDist, { recursive: true });
  const log = createWriteStream(logFile);

  const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST: webDist,
      DEMO: '1',
      DATABASE_URL: '',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (error) {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  console.log(`[e2e] server at ${baseUrl} (data ${dataDir}, log ${path.relative(repoRoot, logFile)})`);

  return async () => {
    await stopServer(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
