import { startBareFastify } from './lib/bare-fastify';
import { measure } from './lib/load';
import { argNumber, type BenchRow, fmt, median, report } from './lib/report';
import { createStoreDatabase, type DatabaseKind, HEALTH_PATH, signIn, startStore } from './lib/store-process';

// The signed-in API against its yardstick: GET /api/subscription/all for the demo organization on the
// compiled store (PostgreSQL, then the embedded database), and a bare Fastify route answering the
// same bytes, 32 connections each, in the same run.
//
//   npx tsx bench/subscription-list.ts [--seconds 10] [--rounds 1] [--connections 32]

const SECONDS = argNumber('seconds', 10);
const ROUNDS = argNumber('rounds', 1);
const CONNECTIONS = argNumber('connections', 32);
const LIST = '/api/subscription/all';

async function benchOn(kind: DatabaseKind): Promise<BenchRow[]> {
  const database = await createStoreDatabase(kind);
  const store = await startStore(database);
  try {
    const { headers } = await signIn(store.url);
    const answer = await fetch(store.url + LIST, { headers });
    if (answer.status !== 200) throw new Error(`${LIST} answered ${answer.status}`);
    const bytes = await answer.text();
    const bare = await startBareFastify(bytes);
    const storeRuns = [];
    const bareRuns = [];
    let health = 0;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        bareRuns.push(await measure({ url: `${bare.url}/bare`, connections: CONNECTIONS, seconds: SECONDS }));
        storeRuns.push(
          await measure({ url: store.url + LIST, headers, connections: CONNECTIONS, seconds: SECONDS }),
        );
      }
      health = (await measure({ url: store.url + HEALTH_PATH, connections: CONNECTIONS, seconds: SECONDS }))
        .requestsPerSecond;
    } finally {
      await bare.stop();
    }
    const failures = storeRuns.reduce((n, r) => n + r.failures, 0);
    if (failures > 0) throw new Error(`${failures} requests to ${LIST} failed`);
    const storeRps = median(storeRuns.map((r) => r.requestsPerSecond));
    const bareRps = median(bareRuns.map((r) => r.requestsPerSecond));
    const p99 = median(storeRuns.map((r) => r.p99));
    const bench = `subscription list (${kind})`;
    console.log(
      `${bench}: ${fmt(bytes.length)} bytes; store ${fmt(storeRps)} req/s (p50 ${median(storeRuns.map((r) => r.p50))} ms, p99 ${p99} ms), bare Fastify ${fmt(bareRps)} req/s, ${HEALTH_PATH} ${fmt(health)} req/s`,
    );
    return [
      { bench, figure: `GET ${LIST}`, value: `${fmt(storeRps)} req/s` },
      { bench, figure: 'bare Fastify, same bytes', value: `${fmt(bareRps)} req/s` },
      {
        bench,
        figure: 'ratio',
        value: `${fmt((100 * storeRps) / bareRps, 1)} %`,
        goal: kind === 'postgres' ? '≥ 35 %' : '≥ 20 %',
      },
      { bench, figure: 'p99', value: `${p99} ms`, goal: kind === 'postgres' ? '≤ 50 ms' : undefined },
      { bench, figure: 'answer size', value: `${fmt(bytes.length)} B` },
      { bench, figure: `GET ${HEALTH_PATH}`, value: `${fmt(health)} req/s` },
    ];
  } finally {
    await store.stop();
    await database.remove();
  }
}

const rows = [...(await benchOn('postgres')), ...(await benchOn('embedded'))];
report(rows);
