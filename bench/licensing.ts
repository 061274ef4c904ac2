import { startBareFastify } from './lib/bare-fastify';
import { countReports, makeLicenseKeys, settledReportCount } from './lib/licensing-rows';
import { measure } from './lib/load';
import { argNumber, type BenchRow, fmt, report } from './lib/report';
import { createStoreDatabase, startStore } from './lib/store-process';

// Licensing over HTTP on PostgreSQL, load from this process (the server runs in another) over many
// license keys so no single key's limits are what is measured (4,000 keys at 20 calls a second each
// stay within the limits up to 80,000 validations a second, above a bare route's rate here; with
// 1,000 a fast machine measured cheap 429s; failed requests are printed):
//  - POST /api/licensing/validate against a bare Fastify route answering the same bytes, first cold
//    (each license first validated by every connection at once), then with every license read, then
//    one key called past its limit (its answers 429s);
//  - POST /api/licensing/usage in batches of 1,000 new reports (reports/s), then every batch sent
//    again, which must add nothing (a repeated transaction id counts once); then calls of one report
//    each, as an engine that reports each job as it ends sends them (calls/s);
//  - floating seats (docs/decisions/034) over as many copies of the demo's floating 'Container Fleet',
//    each allowed a seat per checkout: POST /api/licensing/leases (a new fingerprint each, so each is a
//    row lock, a count and an insert) and POST /api/licensing/leases/{id}/heartbeat (a renewal of one
//    of the keys' leases), against a bare Fastify route answering the same bytes as a checkout.
//
//   npx tsx bench/licensing.ts [--keys 4000] [--seconds 10] [--connections 32] [--only validate,leases,usage]

const KEYS = argNumber('keys', 4000);
const SECONDS = argNumber('seconds', 10);
const CONNECTIONS = argNumber('connections', 32);
// A profile of one call is easier to read when the run measures only it.
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt < 0 ? null : new Set((process.argv[onlyAt + 1] ?? '').split(','));
const runs = (part: 'validate' | 'leases' | 'usage') => ONLY === null || ONLY.has(part);
const BATCH = 1000;
const TEMPLATE = 'Flex Reporting';
const FLOATING_TEMPLATE = 'Container Fleet';

const database = await createStoreDatabase('postgres');
const store = await startStore(database);
const rows: BenchRow[] = [];
const headers = { 'content-type': 'application/json' };

/** One call of the store's, as an engine makes it. */
const call = (path: string, body: object) =>
  fetch(`${store.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

/**
 * One request stream, driven for SECONDS over CONNECTIONS against the store and against the bare route
 * alike, so that the load generator's own cost per request (autocannon builds a request made per call
 * anew each time, about a third of a bare route's rate on this machine) weighs on both figures the
 * same: `fixed` is a list of bodies prepared once and cycled through; `nth` makes the nth request.
 */
type Stream = { fixed: string[] } | { nth: (n: number) => { body: string; path?: string } };

function load(url: string, stream: Stream) {
  const base = { url, method: 'POST' as const, headers, connections: CONNECTIONS, seconds: SECONDS };
  if ('fixed' in stream)
    return measure({ ...base, requests: stream.fixed.map((body) => ({ method: 'POST' as const, body })) });
  let n = 0;
  return measure({ ...base, setupRequest: (request) => ({ ...request, ...stream.nth(n++) }) });
}

try {
  const keys = await makeLicenseKeys(database.env.DATABASE_URL!, { template: TEMPLATE, count: KEYS });

  const bench = 'licensing (postgres)';
  let failed = 0;

  // Validate, against the bare route.
  if (runs('validate')) {
    const sample = await call('/api/licensing/validate', { licenseKey: keys[0] });
    if (sample.status !== 200) throw new Error(`validate answered ${sample.status}: ${await sample.text()}`);
    const bare = await startBareFastify(await sample.text());
    const validations = { fixed: keys.map((licenseKey) => JSON.stringify({ licenseKey })) };
    // Cold first: every connection cycles through the keys from the first, so each license is first
    // validated by all of them at once, as a fleet's engines are after the store restarts or the
    // license changes (one read each, decision 021).
    const cold = await load(`${store.url}/api/licensing/validate`, validations);
    // Then every key validated once: the figure is a validation's steady state (decision 021's
    // cache holds each license), not the first reads, which a slow machine's 2 s warm-up may not cover.
    for (let at = 0; at < KEYS; at += CONNECTIONS) {
      await Promise.all(
        keys.slice(at, at + CONNECTIONS).map((licenseKey) => call('/api/licensing/validate', { licenseKey })),
      );
    }
    const validate = await load(`${store.url}/api/licensing/validate`, validations);
    const bareRun = await load(`${bare.url}/bare`, validations);
    await bare.stop();
    // One engine calling far past its key's limit (decision 013): all but the limit's few answers a
    // 429, answered from memory; a refusal should cost about what a validation does (each is logged).
    const [floodKey] = await makeLicenseKeys(database.env.DATABASE_URL!, { template: TEMPLATE, count: 1 });
    const flood = await load(`${store.url}/api/licensing/validate`, {
      fixed: [JSON.stringify({ licenseKey: floodKey })],
    });
    const refused = `${fmt((100 * flood.failures) / flood.requests, 1)} % refused`;
    console.log(
      `validate past its key's limit: ${fmt(flood.requestsPerSecond)} req/s (p99 ${flood.p99} ms, ${refused})`,
    );
    console.log(
      `validate: ${fmt(validate.requestsPerSecond)} req/s (p99 ${validate.p99} ms, ${validate.failures} failed), bare Fastify ${fmt(bareRun.requestsPerSecond)} req/s`,
    );
    console.log(
      `validate, cold: ${fmt(cold.requestsPerSecond)} req/s (p99 ${cold.p99} ms, ${cold.failures} failed)`,
    );
    failed += validate.failures + cold.failures;
    rows.push(
      {
        bench,
        figure: 'validate, each license first read by every connection at once',
        value: `${fmt(cold.requestsPerSecond)} req/s`,
      },
      { bench, figure: 'POST /api/licensing/validate', value: `${fmt(validate.requestsPerSecond)} req/s` },
      { bench, figure: 'bare Fastify, same bytes', value: `${fmt(bareRun.requestsPerSecond)} req/s` },
      {
        bench,
        figure: 'validate ratio',
        value: `${fmt((100 * validate.requestsPerSecond) / bareRun.requestsPerSecond, 1)} %`,
        goal: '≥ 60 %',
      },
      { bench, figure: 'validate p99', value: `${validate.p99} ms` },
      {
        bench,
        figure: "validate past its key's limit (429)",
        value: `${fmt(flood.requestsPerSecond)} req/s, ${refused}`,
      },
    );
  }

  // Floating seats: checkout and renewal against a bare route answering a checkout's bytes.
  if (runs('leases')) {
    const fleetKeys = await makeLicenseKeys(database.env.DATABASE_URL!, {
      template: FLOATING_TEMPLATE,
      count: KEYS,
      floating: true,
    });
    const leaseIds: string[] = [];
    for (const key of fleetKeys) {
      const res = await call('/api/licensing/leases', {
        licenseKey: key,
        fingerprint: `renewing-${key.slice(0, 8)}`,
        hostname: 'bench-pod',
      });
      if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
      leaseIds.push(((await res.json()) as { lease: { leaseId: string } }).lease.leaseId);
    }
    const sampleCheckout = { licenseKey: fleetKeys[0], fingerprint: 'sample', hostname: 'bench-pod' };
    const leaseSample = await call('/api/licensing/leases', sampleCheckout);
    const leaseBare = await startBareFastify(await leaseSample.text());
    // Each checkout a new machine (fingerprint), so each takes a seat: a stream made per request.
    const checkouts = {
      nth: (n: number) => ({
        body: JSON.stringify({
          licenseKey: fleetKeys[n % KEYS],
          fingerprint: `fp-${n}`,
          hostname: `pod-${n}`,
        }),
      }),
    };
    const checkout = await load(`${store.url}/api/licensing/leases`, checkouts);
    const renew = await load(`${store.url}/api/licensing/leases`, {
      nth: (n) => ({
        path: `/api/licensing/leases/${leaseIds[n % KEYS]}/heartbeat`,
        body: JSON.stringify({ licenseKey: fleetKeys[n % KEYS] }),
      }),
    });
    const leaseBareRun = await load(`${leaseBare.url}/bare`, checkouts);
    await leaseBare.stop();
    console.log(
      `lease checkout: ${fmt(checkout.requestsPerSecond)} req/s (p99 ${checkout.p99} ms, ${checkout.failures} failed), renew: ${fmt(renew.requestsPerSecond)} req/s (p99 ${renew.p99} ms, ${renew.failures} failed), bare Fastify ${fmt(leaseBareRun.requestsPerSecond)} req/s`,
    );
    failed += checkout.failures + renew.failures;
    rows.push(
      {
        bench,
        figure: 'POST /api/licensing/leases (checkout)',
        value: `${fmt(checkout.requestsPerSecond)} req/s`,
      },
      {
        bench,
        figure: 'POST /api/licensing/leases/{id}/heartbeat (renew)',
        value: `${fmt(renew.requestsPerSecond)} req/s`,
      },
      {
        bench,
        figure: "bare Fastify, a checkout's bytes",
        value: `${fmt(leaseBareRun.requestsPerSecond)} req/s`,
      },
      {
        bench,
        figure: 'checkout ratio',
        value: `${fmt((100 * checkout.requestsPerSecond) / leaseBareRun.requestsPerSecond, 1)} %`,
        goal: '≥ 40 %',
      },
      {
        bench,
        figure: 'renew ratio',
        value: `${fmt((100 * renew.requestsPerSecond) / leaseBareRun.requestsPerSecond, 1)} %`,
        goal: '≥ 40 %',
      },
      { bench, figure: 'checkout p99', value: `${checkout.p99} ms` },
      { bench, figure: 'renew p99', value: `${renew.p99} ms` },
    );
  }

  // Usage ingest: every request a batch of 1,000 new reports for the next key.
  if (runs('usage')) {
    const sent: string[] = [];
    const now = Date.now();
    let batchNo = 0;
    const newBatch = () => {
      const n = batchNo++;
      const reports = Array.from({ length: BATCH }, (_, i) => ({
        transactionId: `b${n}-${i}`,
        hostname: `host-${i % 20}`,
        pages: 1 + (i % 5),
        time: new Date(now - (i % 48) * 3_600_000).toISOString(),
      }));
      const body = JSON.stringify({ licenseKey: keys[n % KEYS], reports });
      sent.push(body);
      return body;
    };
    const ingest = await load(`${store.url}/api/licensing/usage`, { nth: () => ({ body: newBatch() }) });
    // Batches cut off when the load stopped may still be committing: wait until the count is still.
    const stored = await settledReportCount(database.env.DATABASE_URL!);
    // Repeats: the first batches sent again must each add nothing.
    let repeatedAccepted = 0;
    for (const body of sent.slice(0, 20)) {
      const res = await fetch(`${store.url}/api/licensing/usage`, { method: 'POST', headers, body });
      repeatedAccepted += ((await res.json()) as { accepted?: number }).accepted ?? 0;
    }
    const storedAfter = await countReports(database.env.DATABASE_URL!);
    const once = repeatedAccepted === 0 && storedAfter === stored;
    const reportsPerSecond = ingest.requestsPerSecond * BATCH;
    console.log(
      `usage ingest: ${fmt(reportsPerSecond)} reports/s (${fmt(ingest.requestsPerSecond, 1)} batches/s, p99 ${ingest.p99} ms, ${ingest.failures} failed); ${fmt(stored)} reports stored; 20 repeated batches added ${storedAfter - stored} (accepted ${repeatedAccepted})`,
    );
    failed += ingest.failures;
    rows.push(
      {
        bench,
        figure: 'usage ingest, batches of 1,000',
        value: `${fmt(reportsPerSecond)} reports/s`,
        goal: '≥ 25,000',
      },
      { bench, figure: 'usage ingest p99', value: `${ingest.p99} ms` },
      { bench, figure: 'repeated batch counted once', value: once ? 'yes' : 'NO', goal: 'yes' },
    );
    // One report a call: the cost of a call's statement and transaction, not of the rows.
    let single = 0;
    const singles = await load(`${store.url}/api/licensing/usage`, {
      nth: () => {
        const n = single++;
        const report = {
          transactionId: `s${n}`,
          hostname: 'host-1',
          pages: 1,
          time: new Date(now).toISOString(),
        };
        return { body: JSON.stringify({ licenseKey: keys[n % KEYS], reports: [report] }) };
      },
    });
    failed += singles.failures;
    console.log(`usage calls of one report: ${fmt(singles.requestsPerSecond)}/s (p99 ${singles.p99} ms)`);
    rows.push(
      { bench, figure: 'usage calls of one report', value: `${fmt(singles.requestsPerSecond)}/s` },
      { bench, figure: 'usage calls of one report p99', value: `${singles.p99} ms` },
    );
  }
  if (failed > 0) rows.push({ bench, figure: 'failed requests', value: fmt(failed) });
} finally {
  await store.stop();
  await database.remove();
}
report(rows);
