import { createServer } from 'node:net';

/** A TCP port nobody listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
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

/** Polls the readiness endpoint until it answers 200; false when `withinMs` passes first. */
export async function waitUntilReady(port: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
    if (res?.ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/**
 * The environment of a demo server started as its own process on `port` with its data in `dataDir`:
 * this process's, without its DATABASE_URL (the server takes PGlite unless `more` names one).
 */
export function demoServerEnv(
  port: number,
  dataDir: string,
  more: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  return { ...env, ...more };
}
