import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { startDemoServer } from './demo-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_BASE_URL points the tests at a server that is already running (e.g. `vite preview` in
  // front of a dev server); nothing is built, started or cleaned up then.
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the running server at ${process.env.E2E_BASE_URL}`);
    return async () => undefined;
  }
  // The demo servers run the compiled server, as `npm start` does (compiling the TypeScript at each
  // start cost every server seconds of CPU the browsers were waiting for).
  buildIfStale('apps/web');
  buildIfStale('apps/server');
  const server = await startDemoServer(`server-${process.env.E2E_RUN_ID ?? process.pid}`);
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
