import { addMonthsClamped, BillingMode } from '@store/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeDueSubscriptions, runBillingCycle } from '../../../test/support/billing';
import { faultTestRuns, killAtRandom, startWorker, useFaultRun } from '../../../test/support/faults';
import type { Database } from '../../db/client';
import { createSandboxGateway } from '../../gateway/sandbox-gateway';
import { ManualClock } from '../../lib/clock';
import { reconcile } from './reconcile';

// The billing engine's fault test (docs/design.md §3): two "server processes" run the billing cycle
// against one PostgreSQL database while one of them is killed with SIGKILL at random moments, again
// and again. Afterwards every subscription-period has exactly one bill, no bill is half made, and
// the gateway holds exactly one successful charge per paid bill and none without a bill. Purchases
// and editor prorations under the same faults: fault-checkout.test.ts.

const RUN_MS = Number(process.env.FAULT_RUN_MS ?? 16_000);
const MAX_KILLS = 60;
/** Kills made however slow the machine is (a loaded one starts the spare processes slowly). */
const MIN_KILLS = 10;
const PAYING_SUBS = 120;
const DECLINED_SUBS = 15;
const PERIODS = 12;

const reachable = await faultTestRuns('fault test', 'billing under SIGKILL');

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe.skipIf(!reachable)('billing under SIGKILL (two processes, one PostgreSQL)', () => {
  const start = addMonthsClamped(new Date(), -PERIODS, undefined);
  start.setUTCDate(start.getUTCDate() - 1);
  const run = useFaultRun(
    'fault',
    { entry: 'fault-billing-worker.ts', outName: 'worker.mjs' },
    async (db, { paying, declining, flex }) => {
      // Each paying subscription owes PERIODS renewals and one overage bill (3,000 RTUs used, 500 over
      // the 2,500 its fee paid for × 8¢ = $40).
      await makeDueSubscriptions(db, {
        organizationId: paying.id,
        pricingPlanId: flex,
        count: PAYING_SUBS,
        purchasedAt: start,
        billingMode: BillingMode.Monthly,
        accruedRtus: 3_000,
        maxOverageCents: 100_00,
      });
      await makeDueSubscriptions(db, {
        organizationId: declining.id,
        pricingPlanId: flex,
        count: DECLINED_SUBS,
        purchasedAt: start,
        billingMode: BillingMode.Monthly,
      });
    },
  );

  it('bills each period once and charges each paid bill once, whatever is killed when', async () => {
    const spawnTimes: number[] = [];
    const spawnWorker = async (spare: boolean) => {
      const t0 = Date.now();
      const child = await startWorker(run.workerFile, {
        FAULT_DATABASE_URL: run.url,
        FAULT_LEASE_MS: '1500',
        FAULT_WAIT_GO: spare ? '1' : '0',
      });
      spawnTimes.push(Date.now() - t0);
      return child;
    };

    const kills = await killAtRandom(spawnWorker, {
      runMs: RUN_MS,
      maxPauseMs: 400,
      maxKills: MAX_KILLS,
      enough: (made) => made >= MIN_KILLS,
    });
    const before = await count(run.database, sql`SELECT count(*)::int AS n FROM orders`);
    const spawnedMs = spawnTimes.reduce((a, b) => a + b, 0) / Math.max(1, spawnTimes.length);
    console.log(
      `fault test: ${kills} SIGKILLs tried; ${before} bills made while killing; restart ${Math.round(spawnedMs)} ms`,
    );

    // What the killed processes left is finished by a survivor once their leases have run out.
    const clock = new ManualClock(new Date(Date.now() + 3_600_000));
    const deps = {
      db: run.database.db,
      clock,
      gateway: createSandboxGateway(run.database.db),
    };
    const last = await runBillingCycle(deps);
    console.log(
      `fault test: the survivor settled ${last.recovered} charges left open by kills, made ${last.renewed} renewals`,
    );

    const db = run.database;
    // Each paying subscription: exactly PERIODS renewal bills, one per period, and one overage bill.
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM (SELECT l.subscription_id FROM orders o JOIN order_lines l ON l.order_id = o.id
        JOIN subscriptions s ON s.id = l.subscription_id JOIN organizations g ON g.id = s.organization_id
        WHERE g.company_name = 'Paying Co.' AND o.kind = 'renewal'
        GROUP BY l.subscription_id HAVING count(*) = ${PERIODS} AND count(DISTINCT l.period_start) = ${PERIODS}) x`,
      ),
    ).toBe(PAYING_SUBS);
    expect(await count(db, sql`SELECT count(*)::int AS n FROM orders WHERE kind = 'overage'`)).toBe(
      PAYING_SUBS,
    );
    // Each subscription moved forward exactly once per bill.
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM subscriptions s JOIN organizations g ON g.id = s.organization_id
        WHERE g.company_name = 'Paying Co.' AND s.next_base_billing_date = ${addMonthsClamped(start, PERIODS + 1, start.getUTCDate()).toISOString()}::timestamptz`,
      ),
    ).toBe(PAYING_SUBS);
    // No half-made bill: every bill has its one line.
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders o WHERE (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id) <> 1`,
      ),
    ).toBe(0);
    // Every paying bill is paid; the declining organization's first bills are Un-Paid and their subscriptions off.
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders o JOIN organizations g ON g.id = o.organization_id WHERE g.company_name = 'Paying Co.' AND o.status <> 260`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders o JOIN organizations g ON g.id = o.organization_id WHERE g.company_name = 'Declining Co.' AND o.status = 1028`,
      ),
    ).toBe(DECLINED_SUBS);
    expect(await count(db, sql`SELECT count(*)::int AS n FROM subscriptions WHERE is_active`)).toBe(
      PAYING_SUBS,
    );
    // The gateway: one successful charge per paid bill, none for anything else, none without a bill.
    const paid = await count(db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 260`);
    expect(
      await count(db, sql`SELECT count(*)::int AS n FROM sandbox_charges WHERE status = 'succeeded'`),
    ).toBe(paid);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders o WHERE o.status = 260 AND (SELECT count(*) FROM sandbox_charges c
        JOIN payment_attempts pa ON pa.gateway_key = c.idempotency_key WHERE pa.order_id = o.id AND c.status = 'succeeded') <> 1`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM sandbox_charges c WHERE NOT EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.gateway_key = c.idempotency_key)`,
      ),
    ).toBe(0);
    expect(
      await count(db, sql`SELECT count(*)::int AS n FROM payment_attempts WHERE status = 'started'`),
    ).toBe(0);
    // The gateway's record and the bills agree (the operator's reconcile finds nothing).
    expect(await reconcile(db.db, createSandboxGateway(db.db), { since: null, now: new Date() })).toEqual([]);
    expect(kills).toBeGreaterThanOrEqual(MIN_KILLS);
  }, 120_000);
});
