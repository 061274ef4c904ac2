import type { ChildProcess } from 'node:child_process';
import { BillingMode, BillStatus, prorationAttemptKey, purchaseAttemptKey } from '@store/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeSubscription, testBillingEngine, withoutTrials } from '../../../test/support/billing';
import { faultTestRuns, killAtRandom, startWorker, useFaultRun } from '../../../test/support/faults';
import { queryRows } from '../../db/client';
import { createSandboxGateway } from '../../gateway/sandbox-gateway';
import { ManualClock } from '../../lib/clock';
import { reconcile } from './reconcile';

// The checkout and the editor under SIGKILL (docs/design.md §3): two "server processes" answer
// purchases (with an Idempotency-Key) and editor increases with a prorated charge against one
// PostgreSQL database while one of them is killed at random moments, again and again. After the
// settle job has run, every purchase is paid with its subscriptions made once and one charge, or
// void with neither; every proration is applied once with one charge, or void with none; nothing
// is left pending; and the operator's reconcile finds nothing.

const RUN_MS = Number(process.env.FAULT_CHECKOUT_RUN_MS ?? 8_000);
const MAX_KILLS = 25;
/** Kills that interrupted each kind of request, however slow the machine is. */
const MIN_KILLS_PER_KIND = 3;
const SUBS_PER_ORG = 6;
const ITEMS_PER_PURCHASE = 2;

const reachable = await faultTestRuns('checkout fault test', 'checkout and editor under SIGKILL');

describe.skipIf(!reachable)('checkout and editor under SIGKILL (two processes, one PostgreSQL)', () => {
  const startXtra = new Map<number, number>();
  const run = useFaultRun(
    'fault_co',
    { entry: 'fault-checkout-worker.ts', outName: 'checkout-worker.mjs' },
    async (db, { paying, declining, flex }) => {
      // Each checkout here charges: a plan's trial would start with nothing to settle.
      await withoutTrials(db);
      // Bought a day ago: most of the month is left, so each added designer is a prorated charge.
      const purchasedAt = new Date(Date.now() - 86_400_000);
      for (const org of [paying, declining]) {
        for (let i = 0; i < SUBS_PER_ORG; i++) {
          const s = await makeSubscription(db, {
            organizationId: org.id,
            pricingPlanId: flex,
            description: `Seeded ${i}`,
            billingMode: BillingMode.Monthly,
            purchasedAt,
          });
          startXtra.set(s.id, s.xtraAutoTags);
        }
      }
    },
  );

  it('settles every purchase and proration once, whatever is killed when', async () => {
    /** What each worker said it was doing last. */
    const doing = new Map<ChildProcess, string>();
    const spawnWorker = (spare: boolean) =>
      startWorker(
        run.workerFile,
        {
          FAULT_DATABASE_URL: run.url,
          FAULT_PLAN_ID: String(run.customers.flex),
          FAULT_WAIT_GO: spare ? '1' : '0',
        },
        (child, text) => {
          const lines = text.trim().split('\n');
          doing.set(child, lines[lines.length - 1]!);
        },
      );

    const kills = { purchase: 0, proration: 0, idle: 0 };
    await killAtRandom(spawnWorker, {
      runMs: RUN_MS,
      maxPauseMs: 300,
      maxKills: MAX_KILLS,
      enough: () => kills.purchase >= MIN_KILLS_PER_KIND && kills.proration >= MIN_KILLS_PER_KIND,
      beforeKill: (victim) => {
        const kind = doing.get(victim);
        if (kind === 'purchase' || kind === 'proration') kills[kind] += 1;
        else kills.idle += 1;
      },
    });
    console.log(
      `checkout fault test: SIGKILLs during purchases ${kills.purchase}, during prorations ${kills.proration}, while starting ${kills.idle}`,
    );

    // The settle job, once the charges left open are old enough to ask the gateway about (and
    // those it never saw old enough to void).
    const clock = new ManualClock(new Date(Date.now() + 20 * 60_000));
    const gateway = createSandboxGateway(run.database.db);
    const settled = await testBillingEngine({ db: run.database.db, clock, gateway }).settlePendingCharges();
    console.log(`checkout fault test: the settle job ${JSON.stringify(settled)}`);

    const db = run.database.db;
    const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
    const bills = await rows<{ id: number; kind: string; status: number; total_cents: number }>(
      sql`SELECT id, kind, status, total_cents FROM orders ORDER BY id`,
    );
    const charges = await rows<{ idempotency_key: string; amount_cents: number }>(
      sql`SELECT idempotency_key, amount_cents FROM sandbox_charges WHERE status = 'succeeded'`,
    );
    const lines = await rows<{ order_id: number; subscription_id: number }>(
      sql`SELECT order_id, subscription_id FROM order_lines`,
    );
    const chargesOf = (key: string) => charges.filter((c) => c.idempotency_key === key);
    const subsOf = (orderId: number) =>
      lines.filter((l) => l.order_id === orderId).map((l) => l.subscription_id);

    expect(bills.filter((b) => b.kind !== 'purchase' && b.kind !== 'proration')).toEqual([]);
    expect(bills.filter((b) => b.status === BillStatus.ChargePending)).toEqual([]);
    const purchases = bills.filter((b) => b.kind === 'purchase');
    const prorations = bills.filter((b) => b.kind === 'proration');
    const paidOf = (list: typeof bills) => list.filter((b) => b.status === BillStatus.ChargePaid).length;
    console.log(
      `checkout fault test: purchases ${paidOf(purchases)} paid / ${purchases.length}, prorations ${paidOf(prorations)} paid / ${prorations.length}`,
    );
    // Every bill is settled one way or the other: paid with one charge of its total, or void with none.
    for (const b of bills) {
      const key = b.kind === 'purchase' ? purchaseAttemptKey(b.id) : prorationAttemptKey(b.id);
      const expected =
        b.status === BillStatus.ChargePaid ? [{ idempotency_key: key, amount_cents: b.total_cents }] : [];
      expect({ bill: b, charges: chargesOf(key) }).toEqual({ bill: b, charges: expected });
      if (b.status !== BillStatus.ChargePaid) expect(b.status).toBe(BillStatus.UnPaid);
    }
    // A paid purchase made its subscriptions once; a void one made none.
    for (const b of purchases) {
      const made = subsOf(b.id);
      expect({ bill: b.id, made: made.length, distinct: new Set(made).size }).toEqual({
        bill: b.id,
        made: b.status === BillStatus.ChargePaid ? ITEMS_PER_PURCHASE : 0,
        distinct: b.status === BillStatus.ChargePaid ? ITEMS_PER_PURCHASE : 0,
      });
    }
    const paidPurchases = purchases.filter((b) => b.status === BillStatus.ChargePaid).length;
    const bought = await rows<{ id: number; xtra_auto_tags: number }>(
      sql`SELECT id, xtra_auto_tags FROM subscriptions WHERE description = 'Bought'`,
    );
    expect(bought.length).toBe(paidPurchases * ITEMS_PER_PURCHASE);
    // Each increase adds one designer: a subscription has as many more as it has paid prorations,
    // so a paid change applied exactly once and a void one not at all.
    const paidProrationsOf = (subId: number) =>
      prorations.filter((b) => b.status === BillStatus.ChargePaid && subsOf(b.id).includes(subId)).length;
    const all = await rows<{ id: number; xtra_auto_tags: number }>(
      sql`SELECT id, xtra_auto_tags FROM subscriptions`,
    );
    for (const s of all) {
      expect({ sub: s.id, designers: s.xtra_auto_tags }).toEqual({
        sub: s.id,
        designers: (startXtra.get(s.id) ?? 0) + paidProrationsOf(s.id),
      });
    }
    // No charge without a bill, no attempt left open.
    expect(
      await rows(
        sql`SELECT c.idempotency_key FROM sandbox_charges c WHERE NOT EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.gateway_key = c.idempotency_key)`,
      ),
    ).toEqual([]);
    expect(await rows(sql`SELECT id FROM payment_attempts WHERE status = 'started'`)).toEqual([]);
    expect(await reconcile(db, gateway, { since: null, now: clock.now() })).toEqual([]);
    // The run exercised both paths, paid and void.
    expect(paidPurchases).toBeGreaterThan(0);
    expect(prorations.some((b) => b.status === BillStatus.ChargePaid)).toBe(true);
    expect(kills.purchase).toBeGreaterThanOrEqual(MIN_KILLS_PER_KIND);
    expect(kills.proration).toBeGreaterThanOrEqual(MIN_KILLS_PER_KIND);
  }, 120_000);
});
