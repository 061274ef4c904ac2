import { BillingMode, BillStatus } from '@store/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { fakeStripe, stripeError } from '../../../test/support/fake-stripe';
import { listenFakeStripe } from '../../../test/support/fake-stripe-listen';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { pacedGateway } from '../../gateway/paced-gateway';
import { ManualClock } from '../../lib/clock';

// Renewals charged through Stripe's paced gateway (GATEWAY_RATE_PER_SECOND) while the local fake of
// Stripe answers 429: the engine slows down instead of failing, asks again with the same key, and
// charges each bill once. Counted in calls, never timed.

const fake = fakeStripe();
const clock = new ManualClock('2026-11-02T12:00:00Z');
let t: TestApp;
let stripe: Awaited<ReturnType<typeof listenFakeStripe>>;
let gateway: ReturnType<typeof pacedGateway>;

const chargeCalls = () =>
  fake.log.filter((l) => l.method === 'POST' && l.path === '/v1/payment_intents').length;
const rateLimit = { ...stripeError(429, 'rate_limit_error', undefined, 'Too many requests'), stored: false };

beforeAll(async () => {
  stripe = await listenFakeStripe(fake, { timeoutMs: 1_000 });
  t = await createTestApp({
    clock,
    gateway: () => {
      gateway = pacedGateway(stripe.gateway(), { ratePerSecond: 50, backoffMs: 20 });
      return gateway;
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe('charging at Stripe paced below its rate limit', () => {
  it('backs off on 429, charges the rate-limited bill later with the same key, and every bill once', async () => {
    const flex = await planId(t.db, 'Flex 2,500');
    const customers = [];
    for (let i = 0; i < 5; i++) {
      const org = await makeOrganization(t.db, { name: `Paced ${i} Co.` });
      await makeSubscription(t.db, {
        organizationId: org.id,
        pricingPlanId: flex,
        description: `Paced ${i} subscription`,
        billingMode: BillingMode.Monthly,
        purchasedAt: '2026-10-02T12:00:00Z',
      });
      customers.push(org);
    }
    // Stripe refuses the first customer's charge three times: the request and the client's two retries.
    fake.injectFor.set(customers[0]!.gatewayCustomerId!, [rateLimit, rateLimit, rateLimit]);

    const first = await runBillingCycle({ db: t.db, clock, gateway });
    expect(first.renewed).toBe(5);
    expect(first.paid).toBe(4);
    expect(first.unknown).toBe(1);
    expect(gateway.pacing.rateLimited).toBe(1);
    // Five charges through the pacing; at Stripe, the rate-limited one arrived three times.
    expect(gateway.pacing.calls).toBe(5);
    expect(chargeCalls()).toBe(7);

    // The transient failure is asked about again after its backoff, with the same key.
    clock.advanceMs(2 * 60_000);
    const second = await runBillingCycle({ db: t.db, clock, gateway });
    expect(second.paid).toBe(1);
    const keys = fake.log
      .filter((l) => l.method === 'POST' && l.path === '/v1/payment_intents')
      .map((l) => l.idempotencyKey);
    expect(new Set(keys).size).toBe(5);

    const bills = await queryRows<{ status: number }>(
      t.db,
      sql`SELECT status FROM orders WHERE kind = 'renewal'
        AND organization_id IN (${sql.raw(customers.map((c) => c.id).join(', '))}) ORDER BY id`,
    );
    expect(bills.map((b) => b.status)).toEqual(Array(5).fill(BillStatus.ChargePaid));
    expect(fake.intents).toHaveLength(5);
  }, 60_000);
});
