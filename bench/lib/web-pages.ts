import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { createStoreDatabase, signIn, startStore } from './store-process';

/** The Chromium the benchmarks drive (the same one the browser tests use). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** The pages whose first load the issue budgets: the sign-in, a product and the signed-in home. */
export const PAGES = [
  { name: '/login', path: '/login', signedIn: false },
  { name: 'product page', path: '/Products/Pro', signedIn: false },
  { name: '/Subscriptions', path: '/Subscriptions', signedIn: true },
] as const;

/**
 * The compiled store with the built web app on an embedded demo database, and what the SPA keeps in
 * local storage after the demo admin signs in (docs/spec.md §3: `currentUser`).
 */
export async function startWebStore() {
  buildIfStale('apps/web');
  const database = await createStoreDatabase('embedded');
  const store = await startStore(database);
  const { token } = await signIn(store.url);
  const auth = { authorization: `Bearer ${token}` };
  const [person, organization] = await Promise.all(
    ['/api/person/current', '/api/organization/current'].map(async (path) =>
      (await fetch(store.url + path, { headers: auth })).json(),
    ),
  );
  return {
    url: store.url,
    currentUser: JSON.stringify({ token, person, organization }),
    async stop() {
      await store.stop();
      await database.remove();
    },
  };
}
