import { test as base } from '@playwright/test';
import { type DemoServer, startDemoServer } from './demo-server';

/**
 * The test of a single sign-on spec: a demo server of its own per worker (its PUBLIC_URL the address
 * the browser uses) and a real identity provider the spec starts for it, as the `sso` fixture and the
 * baseURL. `name` names the server; `startProvider` is given the server's address.
 */
export function testWithIdentityProvider<Provider extends { close(): Promise<void> }>(
  name: string,
  startProvider: (serverUrl: string) => Promise<Provider>,
) {
  return base.extend<object, { sso: { server: DemoServer; idp: Provider } }>({
    sso: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
      async ({}, use, workerInfo) => {
        const server = await startDemoServer(`${name}-${workerInfo.workerIndex}`, (url) => ({
          PUBLIC_URL: url,
        }));
        const idp = await startProvider(server.url);
        try {
          await use({ server, idp });
        } finally {
          await idp.close();
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 150_000 },
    ],
    baseURL: async ({ sso }, use) => use(sso.server.url),
  });
}
