import { test as base } from '@playwright/test';
import { type DemoServer, startDemoServer } from './demo-server';

/**
 * The test of a single sign-on spec: a demo server of its own per worker (its PUBLIC_URL the address
 * the browser uses) and a real identity provider the spec starts for it, as the `sso` fixture and the
 * baseURL, both stopped when the spec ends. `name` names the server; `startProvider` is given the
 * server's address.
 */
export function testWithIdentityProvider<Provider extends { close(): Promise<void> }>(
  name: string,
  startProvider: (serverUrl: string) => Promise<Provider>,
) {
  const test = base.extend<object, { sso: { server: DemoServer; idp: Provider; stop(): Promise<void> } }>({
    sso: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
      async ({}, use, workerInfo) => {
        const server = await startDemoServer(`${name}-${workerInfo.workerIndex}`, (url) => ({
          PUBLIC_URL: url,
        }));
        const idp = await startProvider(server.url);
        let stopped: Promise<void> | undefined;
        const stop = () => {
          stopped ??= idp.close().then(() => server.stop());
          return stopped;
        };
        try {
          await use({ server, idp, stop });
        } finally {
          await stop();
        }
      },
      { scope: 'worker', timeout: 150_000 },
    ],
    baseURL: async ({ sso }, use) => use(sso.server.url),
  });
  // The server and the provider stop when the spec ends, not when its worker does (e2e/support/smtp.ts).
  test.afterAll(async ({ sso }) => sso.stop());
  return test;
}
