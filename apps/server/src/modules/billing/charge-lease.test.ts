import { BillingMode, BillStatus } from '@store/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDueSubscriptions,
  makeOrganization,
  planId,
  runBillingCycle,
} from '../../../test/support/billing';
import { createTestDatabase } from '../../../test/support/test-app';
import { type Database, queryRows } from '../../db/client';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { createSandboxGateway } from '../../gateway/sandbox-gateway';
import { ManualClock } from '../../lib/clock';
import { seedCatalog } from '../../seed/catalog';
import type { BillingDeps } from './billing-engine';

// The charge lease belongs to whoever is about to call the gateway (docs/decisions/007): a batch
// still waiting for its turn when its lease ends is charged by the claimant that took it over, and
// never also by the worker that was given it. The sandbox's ledger of charges is the judge.

const LEASE_MS = 10 * 60_000;
const PACE_MS = 4 * 60_000;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database.db);
});
afterAll(async () => {
  await database.close();
});

/** An organization with `count` monthly subscriptions due for renewal at the clock's time. */
async function dueCustomer(name: string, count: number, clock: ManualClock) {
  const org = await makeOrganization(database.db, { name });
  const purchasedAt = new Date(clock.now().getTime() - 31 * 86_400_000);
  await makeDueSubscriptions(database.db, {
    organizationId: org.id,
    pricingPlanId: await planId(database.db, 'Flex 2,500'),
    count,
    purchasedAt,
    billingMode: BillingMode.Monthly,
  });
  return org;
}

/** The gateway's ledger for the organization: successful charges per bill, and its bills. */
async function ledgerOf(organizationId: number) {
  const charges = await queryRows<{ order_id: number; n: number }>(
    database.db,
    sql`SELECT o.id AS order_id, count(c.id)::int AS n FROM orders o
      LEFT JOIN sandbox_charges c ON c.idempotency_key LIKE 'bill-' || o.id || '-attempt-%' AND c.status = 'succeeded'
      WHERE o.organization_id = ${organizationId} AND o.kind = 'renewal' GROUP BY o.id ORDER BY o.id`,
  );
  const paid = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM orders WHERE organization_id = ${organizationId}
      AND kind = 'renewal' AND status = ${BillStatus.ChargePaid}`,
  );
  return { chargesPerBill: charges.map((c) => Number(c.n)), paid: Number(paid[0]!.n) };
}

/**
 * Waits, in database round trips and never in time, until `done` holds: what another claimant is
 * doing concurrently needs the database too, so each round trip lets it move on.
 */
/** Polls until `done`, for as long as a loaded machine may need (a count of polls ran out under load). */
async function until(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await done()) return;
    await database.db.execute(sql`SELECT 1`);
  }
  throw new Error('The other claimant never moved.');
}

const orderOf = (key: string) => Number(/^bill-(\d+)-attempt-/.exec(key)![1]);

describe('the charge lease', () => {
  it('charges each of three due renewals once in one billing run of one-bill batches', async () => {
    const clock = new ManualClock('2026-03-10T12:00:00Z');
    const org = await dueCustomer('Small Batches Co.', 3, clock);
    const sandbox = createSandboxGateway(database.db);
    // The gateway's pace in the clock's time: each call waits minutes for its turn, always well
    // within the lease, but the pass as a whole outlives the lease of its last batch. A call whose
    // bill another claimant may take meanwhile (its lease has ended) reaches the gateway only once
    // that claimant had its chance: it charged the bill, or the lease is held again.
    const paced: PaymentGateway = {
      ...sandbox,
      async charge(input) {
        // Billing makes its three one-bill batches within seconds, before the first call answers.
        await until(async () => (await ledgerOf(org.id)).chargesPerBill.length === 3);
        clock.advanceMs(PACE_MS);
        const orderId = orderOf(input.idempotencyKey);
        await until(async () => {
          const [row] = await queryRows<{ held: boolean; others: number }>(
            database.db,
            sql`SELECT o.next_attempt_at > ${clock.now().toISOString()}::timestamptz AS held,
                (SELECT count(*)::int FROM sandbox_charges c WHERE c.idempotency_key LIKE 'bill-' || o.id || '-attempt-%'
                  AND c.idempotency_key <> ${input.idempotencyKey}) AS others
              FROM orders o WHERE o.id = ${orderId}`,
          );
          return Boolean(row?.held) || Number(row?.others) > 0;
        });
        return sandbox.charge(input);
      },
    };
    await runBillingCycle({
      db: database.db,
      clock,
      gateway: paced,
      billing: { batchSize: 1, chargeWorkers: 2, chargeLeaseMs: LEASE_MS },
    });
    expect(await ledgerOf(org.id)).toEqual({ chargesPerBill: [1, 1, 1], paid: 3 });
  });

  it('never charges a bill twice when a second claimant takes over batches whose lease ran out while queued', async () => {
    const clock = new ManualClock('2026-03-20T12:00:00Z');
    const org = await dueCustomer('Slow Pass Co.', 3, clock);
    const sandbox = createSandboxGateway(database.db);
    // Another server's billing run, started once the first run's lease has ended.
    const second: BillingDeps = { db: database.db, clock, gateway: sandbox };
    let tookOver = false;
    // The first run's first charge answers late: by then all three bills are made, the two behind
    // it are still queued, their lease has ended, and the other server runs.
    const slow: PaymentGateway = {
      ...sandbox,
      async charge(input) {
        const result = await sandbox.charge(input);
        if (!tookOver) {
          tookOver = true;
          await until(async () => (await ledgerOf(org.id)).chargesPerBill.length === 3);
          clock.advanceMs(LEASE_MS + 60_000);
          await runBillingCycle(second);
        }
        return result;
      },
    };
    await runBillingCycle({
      db: database.db,
      clock,
      gateway: slow,
      billing: { batchSize: 1, chargeWorkers: 1, chargeLeaseMs: LEASE_MS },
    });
    expect(tookOver).toBe(true);
    expect(await ledgerOf(org.id)).toEqual({ chargesPerBill: [1, 1, 1], paid: 3 });
  });

  it('keeps the key of a call still within its lease: a timed-out charge the gateway makes late is not made twice', async () => {
    const clock = new ManualClock('2026-04-05T12:00:00Z');
    const org = await dueCustomer('Late Answer Co.', 2, clock);
    const sandbox = createSandboxGateway(database.db);
    const late: Parameters<PaymentGateway['charge']>[0][] = [];
    let calls = 0;
    // The first bill's call takes 12 minutes, so the second bill waits past the lease it was made
    // with; its own call then times out, and the gateway makes that charge only later.
    const gateway: PaymentGateway = {
      ...sandbox,
      async charge(input) {
        calls += 1;
        if (calls === 1) {
          await until(async () => (await ledgerOf(org.id)).chargesPerBill.length === 2);
          clock.advanceMs(12 * 60_000);
          return sandbox.charge(input);
        }
        if (calls === 2) {
          late.push(input);
          throw new Error('Request timed out');
        }
        return sandbox.charge(input);
      },
    };
    const deps = {
      db: database.db,
      clock,
      gateway,
      billing: { batchSize: 1, chargeWorkers: 1, chargeLeaseMs: LEASE_MS },
    };
    await runBillingCycle(deps);
    expect(late).toHaveLength(1);
    // Asked again a minute later: the gateway has no charge for the key yet, and the call made
    // with it began two minutes after its lease's start; the same key is charged again.
    clock.advanceMs(60_000);
    await runBillingCycle(deps);
    for (const input of late) await sandbox.charge(input);
    expect(await ledgerOf(org.id)).toEqual({ chargesPerBill: [1, 1], paid: 2 });
  });
});
