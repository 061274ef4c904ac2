import type { AddressInfo } from 'node:net';
import { BillingMode, BillStatus } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { organizations } from '../../db/schema';
import { fakeStripe } from '../../gateway/fake-stripe';
import { createStripeGateway } from '../../gateway/stripe-gateway';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAX_TRANSIENT_FAILURES } from '../bills/bill-charging';
import { reconcile } from '../bills/reconcile';
import { makeOrganization, makeSubscription, planId } from './billing.fixtures';
import { runBillingCycle } from './billing-engine';

// DESIGN.md §3, every gateway outcome has an end: renewals charged through the Stripe gateway against
// a local fake of Stripe's API that answers with each class of error. Every bill ends Paid, PastDue
// or UnPaid; no attempt stays 'started'; the number of gateway calls is bounded.

const fake = fakeStripe();
let t: TestApp;
const clock = new ManualClock('2026-11-02T12:00:00Z');
const startedAt = new Date(Date.now() - 1000);

const billsOf = (organizationId: number) =>
  queryRows<{ id: number; status: number; failure_message: string | null }>(
    t.db,
    sql`SELECT id, status, failure_message FROM orders WHERE organization_id = ${organizationId} AND kind = 'renewal' ORDER BY id`,
  );
const startedAttempts = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM payment_attempts WHERE status = 'started'`,
      )
    )[0]!.n,
  );
const chargeCalls = () =>
  fake.log.filter((l) => l.method === 'POST' && l.path === '/v1/payment_intents').length;
const cycle = () =>
  runBillingCycle({
    db: t.db,
    clock,
    gateway: t.gateway,
    mailer: t.mailer,
    billing: { chargeLeaseMs: 60_000 },
  });

async function customer(name: string, paymentMethodId = 'pm_card_visa') {
  const org = await makeOrganization(t.db, { name, paymentMethodId });
  const flex = await planId(t.db, 'Flex 2,500');
  await makeSubscription(t.db, {
    organizationId: org.id,
    pricingPlanId: flex,
    description: `${name} subscription`,
    billingMode: BillingMode.Monthly,
    purchasedAt: '2026-10-02T12:00:00Z',
  });
  const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
  return row!;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  t = await createTestApp({
    clock,
    gateway: () =>
      createStripeGateway({
        secretKey: 'sk_test_fake',
        publishableKey: 'pk_test_fake',
        apiBase: `http://127.0.0.1:${port}`,
      }),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => fake.server.close(() => resolve()));
});

describe('renewals through Stripe, whatever it answers', () => {
  it('ends every bill: paid, declined for permanent errors, given up after bounded transient failures, UnPaid at day 14', async () => {
    const paying = await customer('Paying Co.');
    const gone = await customer('Deleted Customer Co.');
    fake.deletedCustomers.add(gone.gatewayCustomerId!);
    const broken = await customer('Broken Gateway Co.');
    fake.brokenCustomers.add(broken.gatewayCustomerId!);

    await cycle();
    expect((await billsOf(paying.id)).map((b) => b.status)).toEqual([BillStatus.ChargePaid]);
    const [goneBill] = await billsOf(gone.id);
    expect(goneBill!.status).toBe(BillStatus.ChargePastDue);
    expect(goneBill!.failure_message).toContain('resource_missing');
    // The 5xx leaves the outcome unknown: the attempt stays open, to be asked about again with backoff.
    expect((await billsOf(broken.id)).map((b) => b.status)).toEqual([BillStatus.ChargePending]);

    // Backoff doubles from a minute; a day of ticks gives it every chance, and it is given up.
    for (let minute = 0; minute < 24 * 60; minute += 10) {
      clock.advanceMs(10 * 60_000);
      await cycle();
    }
    const [brokenBill] = await billsOf(broken.id);
    expect(brokenBill!.status).toBe(BillStatus.ChargePastDue);
    expect(brokenBill!.failure_message).toContain('gateway_unavailable');
    expect(await startedAttempts()).toBe(0);

    // The decline path: past-due bills are retried about every other day, then UnPaid at day 14.
    for (let day = 0; day < 15; day++) {
      clock.advanceDays(1);
      await cycle();
    }
    expect((await billsOf(gone.id))[0]!.status).toBe(BillStatus.UnPaid);
    expect((await billsOf(broken.id))[0]!.status).toBe(BillStatus.UnPaid);
    expect(await startedAttempts()).toBe(0);
    // Bounded: each transient failure is one call plus the client's two retries; each later
    // retry of a past-due bill is a few calls at most, never a call a minute.
    expect(chargeCalls()).toBeLessThan(3 * MAX_TRANSIENT_FAILURES + 2 * 3 * 9 + 10);
    expect(await reconcile(t.db, t.gateway, { since: startedAt, now: clock.now() })).toEqual([]);
  }, 120_000);
});
