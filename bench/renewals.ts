import { randomBytes } from 'node:crypto';
import { BillingMode } from '@store/core';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { createSandboxGateway } from '../apps/server/src/gateway/sandbox-gateway';
import { ManualClock } from '../apps/server/src/lib/clock';
import { createMemoryMailer } from '../apps/server/src/mail/mailer';
import {
  makeDueSubscriptions,
  makeOrganization,
  planId,
} from '../apps/server/src/modules/billing/billing.fixtures';
import { runBillingCycle } from '../apps/server/src/modules/billing/billing-engine';
import { seedCatalog } from '../apps/server/src/seed/catalog';

// Renews N due subscriptions against a fresh PostgreSQL database with the sandbox gateway and
// prints subscriptions per second. `npx tsx bench/renewals.ts [count]`; BENCH_DATABASE_URL or
// TEST_DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/postgres).

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.argv[2] ?? 100_000);

async function main() {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
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
      mailer: createMemoryMailer(),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `runBillingCycle: renewed ${counts.renewed}, paid ${counts.paid}, declined ${counts.declined} in ${seconds.toFixed(1)} s`,
    );
    console.log(
      `${Math.round(counts.renewed / seconds).toLocaleString('en-US')} subscriptions per second (bill, charge, record), batches of 100, 8 gateway calls in flight`,
    );
  } finally {
    await database.close();
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
