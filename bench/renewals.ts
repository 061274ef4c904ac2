import { BillingMode } from '@store/core';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { createSandboxGateway } from '../apps/server/src/gateway/sandbox-gateway';
import { ManualClock } from '../apps/server/src/lib/clock';
import { seedCatalog } from '../apps/server/src/seed/catalog';
import {
  makeDueSubscriptions,
  makeOrganization,
  planId,
  runBillingCycle,
} from '../apps/server/test/support/billing';
import { createBenchDatabase } from './lib/postgres';
import { argNumber, fmt, report } from './lib/report';

// Renews N due subscriptions against a fresh PostgreSQL database with the sandbox gateway and
// prints renewals per second. `npx tsx bench/renewals.ts [--count 100000]`; BENCH_DATABASE_URL or
// TEST_DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/postgres).

const COUNT = argNumber('count', 100_000);

/** Bills made, bills paid, and successful charges the sandbox recorded. */
async function countOutcomes(url: string): Promise<{ bills: number; paid: number; charges: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ bills: number; paid: number; charges: number }>(
    `SELECT (SELECT count(*)::int FROM orders) AS bills,
       (SELECT count(*)::int FROM orders WHERE paid_at IS NOT NULL AND invoice_number IS NOT NULL) AS paid,
       (SELECT count(*)::int FROM sandbox_charges WHERE status = 'succeeded') AS charges`,
  );
  await client.end();
  return rows[0] ?? { bills: 0, paid: 0, charges: 0 };
}

async function main() {
  const bench = await createBenchDatabase();
  const database = await openDatabase({ databaseUrl: bench.url });
  try {
    await migrate(database);
    await seedCatalog(database.db);
    const org = await makeOrganization(database.db, { name: 'Bench Co.', discountBp: 500 });
    const t0 = Date.now();
    await makeDueSubscriptions(database.db, {
      organizationId: org.id,
      pricingPlanId: await planId(database.db, 'Pro Standard'),
      count: COUNT,
      purchasedAt: new Date('2026-01-15T12:00:00Z'),
      billingMode: BillingMode.Monthly,
    });
    await database.exec('ANALYZE');
    console.log(
      `inserted ${COUNT.toLocaleString('en-US')} due subscriptions in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    // Just past the renewal date: each subscription owes exactly one renewal.
    const clock = new ManualClock('2026-02-15T13:00:00Z');
    const started = Date.now();
    const counts = await runBillingCycle({
      db: database.db,
      clock,
      gateway: createSandboxGateway(database.db),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `runBillingCycle: renewed ${counts.renewed}, paid ${counts.paid}, declined ${counts.declined} in ${seconds.toFixed(1)} s`,
    );
    const rate = counts.renewed / seconds;
    // Exactly once: one bill per subscription, and a second pass at the same moment finds nothing due...
    const again = await runBillingCycle({
      db: database.db,
      clock,
      gateway: createSandboxGateway(database.db),
    });
    // ... and one successful charge per bill, each bill paid and numbered.
    const { bills, paid, charges } = await countOutcomes(bench.url);
    const once =
      counts.renewed === COUNT &&
      again.renewed === 0 &&
      bills === COUNT &&
      counts.paid === COUNT &&
      paid === COUNT &&
      charges === COUNT;
    console.log(`${fmt(rate)} renewals/s (bill, charge, record)`);
    report([
      {
        bench: 'renewals (postgres)',
        figure: `${fmt(COUNT)} due subscriptions renewed and charged`,
        value: `${fmt(rate)} renewals/s`,
        goal: '≥ 3,334 (100,000 in 30 s)',
      },
      {
        bench: 'renewals (postgres)',
        figure: 'renewed exactly once',
        value: once ? 'yes' : `NO (${bills} bills, ${paid} paid, ${charges} charges)`,
      },
    ]);
  } finally {
    await database.close();
    await bench.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
