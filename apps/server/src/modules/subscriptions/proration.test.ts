import { BillStatus, SubscriptionMessages } from '@store/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle, testBillingEngine } from '../../../test/support/billing';
import { type EditableSubscription, editBody } from '../../../test/support/subscription-edit';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { auditLog, orders, organizations } from '../../db/schema';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { createSandboxGateway } from '../../gateway/sandbox-gateway';
import { reconcile } from '../billing/reconcile';

// An editor change's prorated charge (docs/design.md §3) under faults: saves racing each other, an answer
// lost after the card was charged, a charge that never happened, and amounts under the minimum.

type Sub = EditableSubscription & { currentPeriodStart: string };

/** The sandbox, with a hold (charges wait until released) and a lost answer (charged, then a throw). */
const control = {
  hold: false,
  held: [] as (() => void)[],
  /** 'after': the card is charged and the answer lost; 'before': the call fails without charging. */
  fail: null as null | 'before' | 'after',
  calls: 0,
};
function controlledGateway(database: { db: Parameters<typeof createSandboxGateway>[0] }): PaymentGateway {
  const inner = createSandboxGateway(database.db);
  return {
    ...inner,
    async charge(input) {
      control.calls++;
      if (control.hold) await new Promise<void>((resolve) => control.held.push(resolve));
      if (control.fail === 'before') throw new Error('socket hang up');
      const result = await inner.charge(input);
      if (control.fail === 'after') throw new Error('socket hang up');
      return result;
    },
  };
}

let t: TestApp;
let demo: Awaited<ReturnType<TestApp['loginDemo']>>;
let startedAt: Date;
const SUB = 'Production Engines';

const current = async () => {
  const all = (await demo.get('/api/subscription/all')).body as Sub[];
  return all.find((s) => s.description === SUB)!;
};
/** One more engine, saved while the gateway fails the charge that way. */
const addMachineFailing = async (s: Sub, fail: 'before' | 'after') => {
  control.fail = fail;
  try {
    return await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { numberMachines: s.numberMachines + 1 }),
    );
  } finally {
    control.fail = null;
  }
};
const prorationBills = (status: number) =>
  queryRows<{ id: number; total_cents: number }>(
    t.db,
    sql`SELECT id, total_cents FROM orders WHERE kind = 'proration' AND status = ${status} ORDER BY id`,
  );
const succeededCharges = async () =>
  (await t.gateway.listCharges(startedAt)).filter((c) => c.status === 'succeeded');
const reconcileNow = () => reconcile(t.db, t.gateway, { since: startedAt, now: t.clock.now() });
/** The settle job of the scheduler's tick. */
const settlePendingCharges = () => testBillingEngine(t.deps).settlePendingCharges();

beforeAll(async () => {
  t = await createTestApp({ gateway: controlledGateway });
  // After the demo's history, charged when it was seeded: the charges of these tests only.
  startedAt = new Date();
  demo = await t.loginDemo();
});
afterAll(() => t.close());

describe('concurrent editor saves', () => {
  it('two increases saved from the same version: one 200, one 409, one charge of the winner’s proration', async () => {
    const s = await current();
    control.hold = true;
    const first = demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { numberMachines: s.numberMachines + 1 }),
    );
    const second = demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { xtraAutoTags: s.xtraAutoTags + 1 }),
    );
    let settledOne = false;
    void Promise.race([first, second]).then(() => {
      settledOne = true;
    });
    // The gateway holds every charge until both saves got as far as they can: both charging (the
    // fault), or one charging and the other answered.
    for (let i = 0; i < 500 && control.held.length < 2 && !(control.held.length === 1 && settledOne); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    control.hold = false;
    for (const release of control.held.splice(0)) release();
    const answers = await Promise.all([first, second]);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    // Refused before any charge: the version was claimed (or the winner's charge is still open).
    expect([SubscriptionMessages.staleVersion, SubscriptionMessages.changeBeingCharged]).toContain(
      loser.body.message,
    );
    const charges = await succeededCharges();
    expect(charges.map((c) => c.amountCents)).toEqual([winner.body.chargedCents]);
    expect(await prorationBills(BillStatus.ChargePending)).toEqual([]);
    expect(await reconcileNow()).toEqual([]);
  });
});

describe('a proration whose answer is lost', () => {
  it('charged, then the answer lost: 502 with a readable message; settled once with the terms applied', async () => {
    const s = await current();
    const chargesBefore = (await succeededCharges()).length;
    const res = await addMachineFailing(s, 'after');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(SubscriptionMessages.changeChargePending);

    // While the charge is open: other saves and a cancel are refused, nothing else is charged.
    const other = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { description: 'Renamed' }),
    );
    expect(other.status).toBe(409);
    const cancel = await demo.delete(`/api/subscription/${s.subscriptionId}`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(SubscriptionMessages.changeBeingCharged);

    t.clock.advanceMs(2 * 60_000);
    expect((await settlePendingCharges()).prorations).toEqual({ applied: 1, voided: 0 });
    expect((await settlePendingCharges()).prorations).toEqual({ applied: 0, voided: 0 });
    const after = await current();
    expect(after.numberMachines).toBe(s.numberMachines + 1);
    expect((await succeededCharges()).length).toBe(chargesBefore + 1);
    expect(await prorationBills(BillStatus.ChargePending)).toEqual([]);
    expect(await reconcileNow()).toEqual([]);
  });

  it('not charged: voided after the settle window, nothing changed, and the same save works again', async () => {
    const s = await current();
    const chargesBefore = (await succeededCharges()).length;
    const res = await addMachineFailing(s, 'before');
    expect(res.status).toBe(502);
    t.clock.advanceMs(16 * 60_000);
    expect((await settlePendingCharges()).prorations).toEqual({ applied: 0, voided: 1 });
    const after = await current();
    expect(after.numberMachines).toBe(s.numberMachines);
    expect(after.version).toBe(s.version);
    expect((await succeededCharges()).length).toBe(chargesBefore);
    expect(await prorationBills(BillStatus.ChargePending)).toEqual([]);

    const again = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(after, { numberMachines: after.numberMachines + 1 }),
    );
    expect(again.status).toBe(200);
    expect(await reconcileNow()).toEqual([]);
  });

  it('the renewal skips a subscription whose change is being charged, and bills it once settled', async () => {
    const s = await current();
    const res = await addMachineFailing(s, 'after');
    expect(res.status).toBe(502);
    const [open] = await prorationBills(BillStatus.ChargePending);
    t.clock.set(new Date(new Date(s.nextBaseBillingDate!).getTime() + 60_000));
    demo = await t.loginDemo();
    await runBillingCycle({ db: t.db, clock: t.clock, gateway: t.gateway });
    const renewals = () =>
      queryRows<{ id: number }>(
        t.db,
        sql`SELECT o.id FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.kind = 'renewal' AND l.subscription_id = ${s.subscriptionId}`,
      );
    expect(await renewals()).toEqual([]);
    await settlePendingCharges();
    const [settled] = await t.db.select().from(orders).where(eq(orders.id, open!.id));
    expect(settled!.status).toBe(BillStatus.ChargePaid);
    await runBillingCycle({ db: t.db, clock: t.clock, gateway: t.gateway });
    expect((await renewals()).length).toBe(1);
    expect(await reconcileNow()).toEqual([]);
  });
});

describe('a proration under the gateway minimum', () => {
  it('is applied without a charge', async () => {
    const s = await current();
    // Thirty minutes before the renewal: one more engine costs a few cents for the rest of the period.
    t.clock.set(new Date(new Date(s.nextBaseBillingDate!).getTime() - 30 * 60_000));
    demo = await t.loginDemo();
    const callsBefore = control.calls;
    const res = await demo.put(
      `/api/subscription/${s.subscriptionId}`,
      editBody(s, { numberMachines: s.numberMachines + 1 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.chargedCents).toBe(0);
    expect(res.body.subscription.numberMachines).toBe(s.numberMachines + 1);
    expect(control.calls).toBe(callsBefore);
  });
});

describe('a proration of an organization billed by invoice', () => {
  it('is issued as an invoice, named in the log by its invoice number', async () => {
    const s = await current();
    const [{ organizationId }] = await queryRows<{ organizationId: number }>(
      t.db,
      sql`SELECT organization_id AS "organizationId" FROM subscriptions WHERE id = ${s.subscriptionId}`,
    );
    await t.db
      .update(organizations)
      .set({ billedByInvoice: true })
      .where(eq(organizations.id, organizationId!));
    try {
      const res = await demo.put(
        `/api/subscription/${s.subscriptionId}`,
        editBody(s, { numberMachines: s.numberMachines + 1 }),
      );
      expect(res.status).toBe(200);
      const [invoice] = await t.db.select().from(orders).where(eq(orders.id, res.body.orderId));
      expect(invoice).toMatchObject({ kind: 'proration', status: BillStatus.OfflineInvoice });
      expect(invoice!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.kind, 'bill.created'), eq(auditLog.organizationId, organizationId!)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry!.subject).toBe(`Bill ${invoice!.invoiceNumber}`);
    } finally {
      await t.db
        .update(organizations)
        .set({ billedByInvoice: false })
        .where(eq(organizations.id, organizationId!));
    }
  });
});
