import { join } from 'node:path';
import { argNumber, type BenchRow, fmt, median, report } from './lib/report';
import {
  createStoreDatabase,
  type DatabaseKind,
  HEALTH_PATH,
  startProcess,
  startStore,
} from './lib/store-process';

// Cold start: from spawning the server process to the first 200 on the health path, for the compiled
// server (what `npm start` and production run) and, for comparison, the TypeScript sources under tsx.
// The first start of a new database migrates and seeds the demo; the restarts are what a deployment sees.
//
//   npx tsx bench/cold-start.ts [--runs 3]

const RUNS = argNumber('runs', 3);
const root = join(import.meta.dirname, '..');

async function startTimes(kind: DatabaseKind, how: 'compiled' | 'tsx') {
  const database = await createStoreDatabase(kind);
  const start = () =>
    how === 'compiled'
      ? startStore(database)
      : startProcess(['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
          env: { DEMO: '1', BILLING_INTERVAL_SECONDS: '0', ...database.env },
        });
  try {
    const first = await start();
    await first.stop();
    const restarts = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await start();
      restarts.push(run.startMs);
      await run.stop();
    }
    return { first: first.startMs, restart: median(restarts) };
  } finally {
    await database.remove();
  }
}

const rows: BenchRow[] = [];
for (const kind of ['postgres', 'embedded'] as const) {
  for (const how of ['compiled', 'tsx'] as const) {
    const t = await startTimes(kind, how);
    const bench = `cold start (${kind})`;
    console.log(`${bench}, ${how}: first start ${fmt(t.first)} ms, restart median ${fmt(t.restart)} ms`);
    rows.push({
      bench,
      figure: `${how === 'compiled' ? 'node dist/server.js' : 'tsx src/server.ts'} to ${HEALTH_PATH} 200`,
      value: `${fmt(t.restart)} ms`,
    });
    if (how === 'compiled')
      rows.push({ bench, figure: 'first start (migrate and seed)', value: `${fmt(t.first)} ms` });
  }
}
report(rows);
