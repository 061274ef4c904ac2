import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import type { PaymentGateway } from '../../src/gateway/payment-gateway';
import { createSandboxGateway } from '../../src/gateway/sandbox-gateway';
import { systemClock } from '../../src/lib/clock';
import { runBillingCycle } from './billing';
import { jitterUpTo, sleep, withChargeJitter } from './fault-jitter';

// A "server process" of the fault test (fault.test.ts): runs the billing cycle in a loop against
// the test's PostgreSQL database until it is killed. Short random pauses around each gateway call
// widen the windows a SIGKILL can land in (after the attempt is recorded, after the gateway
// charged, before the outcome is recorded).

const jitter = jitterUpTo(12);

async function main() {
  // node-postgres directly (not db/client.ts), so the worker starts without loading PGlite.
  const pool = new pg.Pool({ connectionString: process.env.FAULT_DATABASE_URL, max: 4 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const sandbox = createSandboxGateway(db);
  const gateway: PaymentGateway = {
    ...withChargeJitter(sandbox, jitter),
    async findCharge(key) {
      await jitter();
      return sandbox.findCharge(key);
    },
  };
  const deps = {
    db,
    clock: systemClock,
    gateway,
    billing: {
      batchSize: 10,
      chargeLeaseMs: Number(process.env.FAULT_LEASE_MS ?? 1500),
      chargeConcurrency: 4,
    },
  };
  process.stdout.write('ready\n');
  // A spare waits, loaded, until the test tells it to take over from a killed process.
  if (process.env.FAULT_WAIT_GO === '1') {
    await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  }
  for (;;) {
    const counts = await runBillingCycle(deps);
    if (counts.passes <= 1) await sleep(50);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
