import { addMonthsClamped } from '@store/core';
import { openDatabase } from '../../../apps/server/src/db/client';
import { createBenchDatabase } from '../postgres';
import { median, percentile } from '../report';
import { StoreApi } from './api';
import { type Check, runChecks } from './checks';
import { SimulationClock } from './clock';
import { Customers, newTally } from './customers';
import { runDay } from './day';
import { startMailSink } from './mail-sink';
import { pick, type Query, rng } from './model';
import { Operator } from './operator';
import { bundleStore, StoreProcess } from './processes';
import { seedStore } from './seed';

// The year: a store of N subscriptions on PostgreSQL with two servers and a worker, its clock moved
// a day at a time for 13 months; each day the billing jobs run first (in all three processes at
// once, one of them sometimes killed with SIGKILL mid-pass and restarted), then the customers, their
// engines and the operator act. At the end the checks read what happened.

export interface YearOptions {
  subscriptions: number;
  months: number;
  seed: number;
  /** Checkouts with a card whose bank asks for 3-D Secure. */
  threeDSecure: boolean;
  /** Chance a day's billing pass has a process killed under it. */
  killChance: number;
  log: (line: string) => void;
}

export interface YearResult {
  checks: Check[];
  wallSeconds: number;
  /** Store processes killed with SIGKILL during billing passes. */
  kills: number;
  figures: [string, string][];
}

const DAY_MS = 86_400_000;
/** Store milliseconds per real millisecond while a day runs: the 10-minute charge lease is 1 s. */
const SPEED = 600;
/** The sandbox's pace per process, in the clock's time: the busiest day's pass outlives the lease. */
const PACE = { latencyMs: 400, callsPerSecond: 0.5 };
const START = Date.parse('2027-01-01T00:00:00Z');

export async function runYear(opts: YearOptions): Promise<YearResult> {
  const wallStart = Date.now();
  const random = rng(opts.seed);
  const bench = await createBenchDatabase();
  const sink = await startMailSink();
  const clock = new SimulationClock(SPEED, { storeAt: START, realAt: Date.now() });
  const settings = {
    bundle: await bundleStore(),
    speed: SPEED,
    pace: PACE,
    env: {
      DATABASE_URL: bench.url,
      DEMO: '1',
      SMTP_URL: sink.url,
      BILLING_INTERVAL_SECONDS: '0',
      OUTBOX_POLL_MS: '200',
      LOG_LEVEL: 'warn',
    },
  };
  const processes = [
    new StoreProcess('server 1', 'server', settings),
    new StoreProcess('server 2', 'server', settings),
    new StoreProcess('worker', 'worker', settings),
  ];
  const database = await openDatabase({ databaseUrl: bench.url });
  try {
    await processes[0]!.start(clock.current());
    await Promise.all(processes.slice(1).map((p) => p.start(clock.current())));
    const q: Query = async <T>(text: string, values?: unknown[]) =>
      (await database.query(text, values)).rows as T[];
    const model = await seedStore(database.db, q, clock, { subscriptions: opts.subscriptions, random });
    await database.exec('ANALYZE');
    opts.log(`seeded ${model.subs.length} subscriptions of ${model.orgs.length} organizations`);
    const api = new StoreApi(database.db, clock, () =>
      processes.filter((p) => p.url && p.serving).map((p) => p.url!),
    );
    const customers = new Customers(api, clock, model, random, newTally());
    const operator = new Operator(database.db, q, clock, random);
    const recoveries = new Map<number, number | null>();
    const neverPays = (id: number) => id % 7 === 0;

    const end = addMonthsClamped(new Date(START), opts.months, 1).getTime();
    const days = Math.round((end - START) / DAY_MS);
    let billingMs = 0;
    // The longest day's pass, to show it outlived the charge lease (what the pace is chosen for).
    let longest = { ms: 0, day: 0 };
    // A store's PostgreSQL vacuums and analyzes its tables as they change (autovacuum), beside the
    // store's own work. Where the server has autovacuum off (a CI machine's may), the year does that
    // work itself once a store week, also beside the store's work (a week's run ends before the next
    // starts), so the planner sees the tables as they have grown and dead rows do not pile up.
    const [{ autovacuum } = { autovacuum: 'on' }] = await q<{ autovacuum: string }>('SHOW autovacuum');
    let maintenanceMs = 0;
    let maintenance: Promise<void> = Promise.resolve();
    let kills = 0;
    const restarts: Promise<void>[] = [];
    for (let day = 0; day <= days; day += 1) {
      if (autovacuum === 'off' && day > 0 && day % 7 === 0) {
        await maintenance;
        const started = Date.now();
        maintenance = database.exec('VACUUM (ANALYZE)').then(() => {
          maintenanceMs += Date.now() - started;
        });
      }
      const state = clock.setTo(START + day * DAY_MS);
      const serving = processes.filter((p) => p.serving);
      await Promise.all(serving.map((p) => p.setClock(state)));
      const billingStart = Date.now();
      // Now and then one process dies mid-pass; it comes back while the others carry on.
      // Never the last server serving: a store always has one address that answers.
      const killable = serving.filter(
        (p) => p.role === 'worker' || serving.some((o) => o !== p && o.role === 'server'),
      );
      const victim = random() < opts.killChance && killable.length > 0 ? pick(random, killable) : null;
      const killer = victim
        ? new Promise((r) => setTimeout(r, random() * 300)).then(async () => {
            await victim.kill();
            kills += 1;
            // A restart may still be under way when the year ends and kills it: that is no fault.
            restarts.push(
              victim
                .start(clock.current())
                .then(() => victim.setClock(clock.current()).then(() => {}))
                .catch((error: Error) => opts.log(`restart of ${victim.name}: ${error.message}`)),
            );
          })
        : Promise.resolve();
      await Promise.all([...serving.map((p) => p.tick()), killer]);
      const passMs = Date.now() - billingStart;
      billingMs += passMs;
      if (passMs > longest.ms) longest = { ms: passMs, day };
      if (day === days) break;
      const dayStart = Date.now();
      if (process.env.YEAR_TRACE) opts.log(`day ${day}: billing ${passMs} ms${victim ? ' (kill)' : ''}`);
      await runDay({
        day,
        random,
        model,
        customers,
        operator,
        recoveries,
        neverPays,
        threeDSecure: opts.threeDSecure,
      });
      if (process.env.YEAR_TRACE) opts.log(`day ${day}: customers ${Date.now() - dayStart} ms`);
      if (day % 30 === 0) opts.log(`day ${day}/${days}: ${((Date.now() - wallStart) / 1000).toFixed(0)} s`);
    }
    await maintenance;
    opts.log(`the year's days done: ${((Date.now() - wallStart) / 1000).toFixed(0)} s`);
    // Whatever a killed process held is free an hour later; the last pass bills it.
    await Promise.all(restarts);
    const last = clock.setTo(clock.now().getTime() + 3_600_000);
    await Promise.all(processes.map((p) => p.setClock(last)));
    await Promise.all(processes.map((p) => p.tick()));
    opts.log(`last pass done: ${((Date.now() - wallStart) / 1000).toFixed(0)} s`);
    // The mail of the last day leaves the outbox. The outbox keeps its leases and retry times on
    // the database's clock, not the store's: the hour passes for it too.
    await q(`UPDATE outbox SET next_attempt_at = next_attempt_at - interval '1 hour' WHERE sent_at IS NULL`);
    for (let waited = 0; waited < 300; waited += 1) {
      const [left] = await q<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
      if (!left?.n) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await Promise.all(processes.map((p) => p.stop()));
    await api.close();
    opts.log(`outbox empty, processes stopped: ${((Date.now() - wallStart) / 1000).toFixed(0)} s`);
    const now = clock.now();
    const checks = await runChecks(
      database.db,
      q,
      model,
      { start: new Date(START), now },
      sink.received,
      process.env.YEAR_TRACE ? opts.log : undefined,
    );
    opts.log(`checks done: ${((Date.now() - wallStart) / 1000).toFixed(0)} s`);
    const wallSeconds = (Date.now() - wallStart) / 1000;
    const [counts] = await q<{
      charges: number;
      bills: number;
      paid: number;
      refunds: number;
      mails: number;
    }>(
      `SELECT (SELECT count(*)::int FROM sandbox_charges) AS charges, (SELECT count(*)::int FROM orders) AS bills,
        (SELECT count(*)::int FROM orders WHERE paid_at IS NOT NULL) AS paid,
        (SELECT count(*)::int FROM refunds WHERE status = 'succeeded') AS refunds,
        (SELECT count(*)::int FROM outbox) AS mails`,
    );
    const t = customers.tally;
    const figures: [string, string][] = [
      ['subscriptions, organizations, store days', `${model.subs.length}, ${model.orgs.length}, ${days}`],
      [
        'bills (paid), gateway charges, refunds',
        `${counts!.bills} (${counts!.paid}), ${counts!.charges}, ${counts!.refunds}`,
      ],
      ['billing passes: charges a second (real time)', (counts!.charges / (billingMs / 1000)).toFixed(0)],
      [
        "the longest day's pass in the store's time (the charge lease is 10 minutes)",
        `${((longest.ms * SPEED) / 60_000).toFixed(0)} minutes, ${new Date(START + longest.day * DAY_MS).toISOString().slice(0, 10)}`,
      ],
      [
        'VACUUM (ANALYZE) once a store week, beside the store (the server has autovacuum off)',
        autovacuum === 'off' ? `${(maintenanceMs / 1000).toFixed(1)} s` : 'not needed',
      ],
      ['API calls (a second over the run)', `${api.calls} (${(api.calls / wallSeconds).toFixed(0)})`],
      ['API answer times, real ms: median, 99th percentile, longest', answerTimes(api.answerMs)],
      [
        'plan changes (pending), refused; cancels; purchases (3-D Secure)',
        `${t.planChanges} (${t.pendingChanges}), ${t.refusedChanges}; ${t.cancels}; ${t.purchases} (${t.purchasesNeedingAuth})`,
      ],
      ['card updates; processes killed with SIGKILL', `${t.cardUpdates}; ${kills}`],
      [
        'mails written, delivered (again, same Message-ID)',
        `${counts!.mails}, ${sink.received.length} (${sink.received.length - new Set(sink.received.map((m) => m.messageId + m.to)).size})`,
      ],
    ];
    if (t.unexpected.length > 0)
      checks.push({ name: 'API answers as documented', checked: api.calls, violations: t.unexpected });
    if (operator.tally.refundsRefused.length > 0)
      checks.push({
        name: 'refunds accepted',
        checked: operator.tally.refunds,
        violations: operator.tally.refundsRefused,
      });
    return { checks, wallSeconds, kills, figures };
  } finally {
    await Promise.all(processes.map((p) => p.kill().catch(() => {})));
    await database.close();
    await sink.close();
    // YEAR_KEEP_DB keeps the store's database, to look into a violation with psql.
    if (process.env.YEAR_KEEP_DB) console.log(`the store's database is kept: ${bench.url}`);
    else await bench.drop();
  }
}

/** The median, 99th percentile and longest of the answer times. */
function answerTimes(ms: number[]): string {
  if (ms.length === 0) return 'no calls';
  const sorted = [...ms].sort((a, b) => a - b);
  return [median(sorted), percentile(sorted, 99), sorted.at(-1)!].map((v) => v.toFixed(0)).join(', ');
}
