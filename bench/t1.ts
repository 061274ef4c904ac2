import autocannon from 'autocannon';
import { createStoreDatabase, signIn, startProcess } from './lib/store-process';
const database = await createStoreDatabase('postgres');
const store = await startProcess(['--cpu-prof', '--cpu-prof-dir=/tmp/prof2', 'apps/server/dist/server.js'], {
  env: { DEMO: '1', BILLING_INTERVAL_SECONDS: '0', ...database.env },
});
try {
  const { headers } = await signIn(store.url);
  const r = await autocannon({ url: `${store.url}/api/subscription/all`, headers, connections: 32, duration: 15 });
  console.log(r.requests.average, JSON.stringify(r.statusCodeStats), r.latency.p99);
} finally { await store.stop(); await database.remove(); }
