import { subscriptions } from '../apps/server/src/db/schema';
import { randomToken } from '../apps/server/src/lib/tokens';
import { createUsageRecording } from '../apps/server/src/modules/licensing/usage-recording';
import { createTestApp } from '../apps/server/test/support/test-app';
import { argNumber, fmt, percentile, report } from './lib/report';

// One million usage reports over 50 hosts for one Flex subscription, recorded through the licensing
// API's own rollup path (recordUsageFor: raw report + daily per-host rollup + accrued RTUs, in
// batches of 1000 as engines send them), then GET /api/subscription/{id}/detailedFlexUsage timed,
// before and after the tables are analyzed.
//
//   npx tsx bench/usage-details.ts [--reports 1000000] [--calls 50]
//
// The database is a fresh PostgreSQL one, created and dropped by the test harness on
// BENCH_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).

const REPORTS = argNumber('reports', 1_000_000);
const CALLS = argNumber('calls', 50);
const HOSTS = 50;
const BATCH = 1000;

process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const t = await createTestApp();
  try {
    // The relational query API brings its own operators (drizzle-orm itself is the server's dependency).
    const flex = await t.db.query.subscriptions.findFirst({
      where: (s, { eq }) => eq(s.description, 'Flex Reporting'),
    });
    const { id: _id, apiKey1: _key, createdAt: _c, ...copy } = flex!;
    const [sub] = await t.db
      .insert(subscriptions)
      .values({ ...copy, description: 'Bench Flex', apiKey1: randomToken(24), accruedRtusThisMonth: 0 })
      .returning({ id: subscriptions.id });
    const subscriptionId = sub!.id;

    // Reports spread evenly over the last 365 days, every host every day.
    const now = t.clock.now().getTime();
    const span = 365 * 86_400_000;
    const recordUsage = createUsageRecording(t.db);
    const started = Date.now();
    let accepted = 0;
    for (let offset = 0; offset < REPORTS; offset += BATCH) {
      const reports = [];
      for (let i = offset; i < Math.min(REPORTS, offset + BATCH); i++) {
        reports.push({
          transactionId: `bench-${i}`,
          hostname: `host-${String(i % HOSTS).padStart(2, '0')}`,
          pages: 1 + (i % 7),
          time: new Date(now - span + Math.floor((i / REPORTS) * span)).toISOString(),
        });
      }
      accepted += (await recordUsage(subscriptionId, reports)).accepted;
      if ((offset / BATCH) % 100 === 0)
        process.stdout.write(`\r  recorded ${offset.toLocaleString('en-US')} reports`);
    }
    const ingestSeconds = (Date.now() - started) / 1000;
    console.log(
      `\r  recorded ${accepted.toLocaleString('en-US')} reports over ${HOSTS} hosts in ${ingestSeconds.toFixed(1)} s (${Math.round(accepted / ingestSeconds).toLocaleString('en-US')} reports/s, batches of ${BATCH})`,
    );

    const api = await t.loginDemo();
    const url = `/api/subscription/${subscriptionId}/detailedFlexUsage`;
    const first = await api.get(url);
    if (first.status !== 200)
      throw new Error(`GET ${url} answered ${first.status}: ${JSON.stringify(first.body)}`);
    const total = first.body.runs.reduce((sum: number, r: { totalPages: number }) => sum + r.totalPages, 0);
    const timeCalls = async (path: string) => {
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        const res = await api.get(path);
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
      }
      return times.sort((a, b) => a - b);
    };
    // Freshly loaded tables have no planner statistics until they are analyzed (the test database
    // runs without autovacuum): the planner expects one row and sorts the year's rollups by hostname
    // where it would hash them (decision 019, usage details). Timed as well, to show the difference.
    const unanalyzed = await timeCalls(url);
    // Autovacuum analyzes a table once a tenth of it has changed; the renewals bench analyzes too.
    await t.database.exec('ANALYZE');
    const times = await timeCalls(url);
    // The same request path without the usage query, to tell the query from the request overhead.
    const baseline = await timeCalls(`/api/subscription/${subscriptionId}`);
    console.log(
      `  GET detailedFlexUsage: ${first.body.runs.length} hosts × ${first.body.dateRanges.length} date ranges, ${total.toLocaleString('en-US')} RTUs in range`,
    );
    console.log(
      `  ${CALLS} calls: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms (in-process inject, PostgreSQL ${t.database.kind})`,
    );
    console.log(
      `  before ANALYZE (no planner statistics): p50 ${percentile(unanalyzed, 50).toFixed(1)} ms, p95 ${percentile(unanalyzed, 95).toFixed(1)} ms`,
    );
    console.log(
      `  for comparison, GET /api/subscription/{id} (same auth and lookup, no usage query): p50 ${percentile(baseline, 50).toFixed(1)} ms, p95 ${percentile(baseline, 95).toFixed(1)} ms`,
    );
    const bench = 'usage details (postgres)';
    report([
      {
        bench,
        figure: `GET detailedFlexUsage over ${fmt(REPORTS)} reports, p50`,
        value: `${fmt(percentile(times, 50), 1)} ms`,
        goal: '≤ 10 ms',
      },
      { bench, figure: 'p95', value: `${fmt(percentile(times, 95), 1)} ms` },
      {
        bench,
        figure: 'before ANALYZE (no planner statistics), p50',
        value: `${fmt(percentile(unanalyzed, 50), 1)} ms`,
      },
      {
        bench,
        figure: 'same request path without usage, p50',
        value: `${fmt(percentile(baseline, 50), 1)} ms`,
      },
    ]);
  } finally {
    await t.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
