import { BillStatus, DEFAULT_DUNNING_SETTINGS } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscriber, runBillingCycle } from '../../../test/support/billing';
import { fakeStripe, type InjectedAnswer, stripeError } from '../../../test/support/fake-stripe';
import { listenFakeStripe } from '../../../test/support/fake-stripe-listen';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { organizations } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { MAX_TRANSIENT_FAILURES } from '../bills/charge-attempt';
import { reconcile } from './reconcile';

// docs/design.md §3, every gateway outcome has an end: renewals charged through the Stripe gateway against
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
    billing: { chargeLeaseMs: 60_000 },
  });

async function customer(
  name: string,
  paymentMethodId = 'pm_card_visa',
  purchasedAt: Date | string = '2026-10-02T12:00:00Z',
) {
  const { org } = await makeSubscriber(
    t.db,
    { name, paymentMethodId },
    { plan: 'Flex 2,500', description: `${name} subscription`, purchasedAt },
  );
  const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
  return row!;
}

let stripe: Awaited<ReturnType<typeof listenFakeStripe>>;

beforeAll(async () => {
  // Timeouts in the test take a fraction of a second, not Stripe's half minute.
  stripe = await listenFakeStripe(fake, { timeoutMs: 300 });
  t = await createTestApp({ clock, gateway: stripe.gateway });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
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

    // Backoff doubles from a minute; a day of ticks gives it every chance, and it is given up (then
    // the schedule's retry of day 1 would open a new attempt: the look is taken when it is given up).
    for (let minute = 0; minute < 24 * 60; minute += 10) {
      clock.advanceMs(10 * 60_000);
      await cycle();
      if ((await billsOf(broken.id))[0]!.status === BillStatus.ChargePastDue) break;
    }
    const [brokenBill] = await billsOf(broken.id);
    expect(brokenBill!.status).toBe(BillStatus.ChargePastDue);
    expect(brokenBill!.failure_message).toContain('gateway_unavailable');
    expect(await startedAttempts()).toBe(0);

    // The decline path: past-due bills are retried on the schedule's days, then UnPaid at day 14.
    // Ticks every 6 hours: each retry of the broken bill meets its bounded transient failures in about a day.
    for (let hour = 0; hour < 15 * 24; hour += 6) {
      clock.advanceMs(6 * 3_600_000);
      await cycle();
    }
    expect((await billsOf(gone.id))[0]!.status).toBe(BillStatus.UnPaid);
    expect((await billsOf(broken.id))[0]!.status).toBe(BillStatus.UnPaid);
    expect(await startedAttempts()).toBe(0);
    // Bounded: each transient failure is one call plus the client's two retries, at most
    // MAX_TRANSIENT_FAILURES for the first charge and for each retry of the schedule; never a call a minute.
    const charges = 1 + DEFAULT_DUNNING_SETTINGS.retryDays.length;
    expect(chargeCalls()).toBeLessThan(3 * MAX_TRANSIENT_FAILURES * charges + 2 * charges + 10);
    expect(await reconcile(t.db, t.gateway, { since: startedAt, now: clock.now() })).toEqual([]);
  }, 240_000);

  it('ends each class of error: rate limit, a stored 5xx, timeout, processing, amount too small, invalid request', async () => {
    // Due now: bought a month ago.
    const bought = new Date(clock.now().getTime() - 31 * 86_400_000);
    const limited = await customer('Rate Limited Co.', 'pm_card_visa', bought);
    const stored5xx = await customer('Stored Error Co.', 'pm_card_visa', bought);
    const slow = await customer('Slow Answer Co.', 'pm_card_visa', bought);
    const processing = await customer('Processing Co.', 'pm_processing', bought);
    const tooSmall = await customer('Too Small Co.', 'pm_card_visa', bought);
    const invalid = await customer('Invalid Request Co.', 'pm_card_visa', bought);
    const faults = (org: { gatewayCustomerId: string | null }, ...answers: InjectedAnswer[]) =>
      fake.injectFor.set(org.gatewayCustomerId!, answers);
    const rateLimit = {
      ...stripeError(429, 'rate_limit_error', undefined, 'Too many requests'),
      stored: false,
    };
    faults(limited, rateLimit, rateLimit, rateLimit);
    // Stripe keeps a 5xx for its key and replays it: the key is spent, so only a new key can charge.
    faults(stored5xx, { ...stripeError(500, 'api_error', undefined, 'Something went wrong'), stored: true });
    // Every call of the attempt times out, though the first one charged the card.
    const late = { stored: true, delayMs: 1_500 };
    faults(slow, late, late, late);
    faults(tooSmall, {
      ...stripeError(400, 'invalid_request_error', 'amount_too_small', 'Amount must be at least $0.50 usd'),
      stored: false,
    });
    faults(invalid, {
      ...stripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer'),
      stored: false,
    });
    const callsBefore = chargeCalls();

    await cycle();
    const status = async (org: { id: number }) => (await billsOf(org.id))[0]!;
    // Permanent: the decline path at once, the gateway's code kept as the reason.
    expect(await status(tooSmall)).toMatchObject({ status: BillStatus.ChargePastDue });
    expect((await status(tooSmall)).failure_message).toContain('amount_too_small');
    expect(await status(invalid)).toMatchObject({ status: BillStatus.ChargePastDue });
    expect((await status(invalid)).failure_message).toContain('parameter_invalid_integer');
    // Transient or still processing: pending, never paid.
    for (const org of [limited, stored5xx, slow, processing]) {
      expect((await status(org)).status).toBe(BillStatus.ChargePending);
    }

    // The processor finishes the processing charge; the next look finds it by its stored id.
    const intent = fake.intents.find((i) => i.customer === processing.gatewayCustomerId)!;
    intent.status = 'succeeded';
    clock.advanceMs(10 * 60_000);
    await cycle();

    for (const org of [limited, stored5xx, slow, processing]) {
      expect((await status(org)).status).toBe(BillStatus.ChargePaid);
      const charges = (await t.gateway.listCharges(startedAt)).filter(
        (c) => c.customerId === org.gatewayCustomerId && c.status === 'succeeded',
      );
      expect(charges).toHaveLength(1);
    }
    expect(
      fake.log.some((l) => l.method === 'GET' && l.path === `/v1/payment_intents/${String(intent.id)}`),
    ).toBe(true);
    expect(await startedAttempts()).toBe(0);
    // Bounded: three calls (one and the client's two retries) per faulty attempt, one per new key.
    expect(chargeCalls() - callsBefore).toBeLessThanOrEqual(3 * 4 + 1 + 1 + 2);
    expect(await reconcile(t.db, t.gateway, { since: startedAt, now: clock.now() })).toEqual([]);
  }, 120_000);

  it('gives up a renewal charge still processing after a day: the decline path, and the operator alerted', async () => {
    const bought = new Date(clock.now().getTime() - 31 * 86_400_000);
    const stuck = await customer('Stuck Processing Co.', 'pm_processing', bought);
    const alerts: string[] = [];
    const logger = {
      info: () => {},
      warn: () => {},
      error: (_: object, msg?: string) => alerts.push(msg ?? ''),
    };
    const run = () =>
      runBillingCycle({
        db: t.db,
        clock,
        gateway: t.gateway,
        logger,
        billing: { chargeLeaseMs: 60_000 },
      });
    await run();
    clock.advanceMs(10 * 60_000);
    await run();
    expect((await billsOf(stuck.id))[0]!.status).toBe(BillStatus.ChargePending);
    expect(alerts).toEqual([]);

    clock.advanceMs(24 * 60 * 60_000);
    await run();
    const [bill] = await billsOf(stuck.id);
    expect(bill!.status).toBe(BillStatus.ChargePastDue);
    expect(bill!.failure_message).toContain('gateway_unavailable');
    expect(alerts.filter((a) => a.includes('operator alert'))).toHaveLength(1);
    expect(await startedAttempts()).toBe(0);
  }, 60_000);
});
