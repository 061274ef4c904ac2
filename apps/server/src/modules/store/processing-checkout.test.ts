import { BillStatus, purchaseAttemptKey } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, reportsCartItem, withoutTrials } from '../../../test/support/billing';
import { fakeStripe } from '../../../test/support/fake-stripe';
import { listenFakeStripe } from '../../../test/support/fake-stripe-listen';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ManualClock } from '../../lib/clock';
import { reconcile } from '../billing/reconcile';
import { attemptOf, findById } from '../bills/bills.repository';
import { createCatalogService } from '../catalog';
import { createPurchaseService } from './purchase.service';
import { settlePendingPurchases } from './purchase-settling';

// docs/design.md §3: `processing` is pending, not paid. A checkout whose charge the gateway is still
// processing answers 502 and stays pending; the settle job looks the charge up by its stored
// PaymentIntent id (not by listing) and completes the order once, when the charge has succeeded.

const fake = fakeStripe();
let t: TestApp;
const clock = new ManualClock('2026-06-01T12:00:00Z');
const startedAt = new Date(Date.now() - 1000);

let stripe: Awaited<ReturnType<typeof listenFakeStripe>>;

beforeAll(async () => {
  stripe = await listenFakeStripe(fake);
  t = await createTestApp({ clock, gateway: stripe.gateway });
  await withoutTrials(t.db);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe('a checkout whose payment is processing', () => {
  it('answers 502, stays pending while processing, and is completed once by its PaymentIntent id', async () => {
    const org = await makeOrganization(t.db, { name: 'Slow Bank Co.', paymentMethodId: 'pm_processing' });
    const purchases = createPurchaseService({ ...t.deps, catalog: createCatalogService(t.deps) });
    const item = await reportsCartItem(t.db);
    await expect(
      purchases.purchase(org.id, [item], { idempotencyKey: 'processing-1', expectedTotalCents: null }),
    ).rejects.toMatchObject({ statusCode: 502 });
    const [intent] = fake.intents.filter((i) => i.customer === org.gatewayCustomerId);
    expect(intent!.status).toBe('processing');
    const orderId = Number(String((intent!.description as string).match(/Order (\d+)/)?.[1]));
    expect((await attemptOf(t.db, purchaseAttemptKey(orderId)))?.gatewayChargeId).toBe(intent!.id);

    // Still processing: asked by id, left pending.
    clock.advanceMs(2 * 60_000);
    const asked = fake.log.length;
    expect(await settlePendingPurchases(t.deps)).toEqual({ completed: 0, failed: 0 });
    expect(fake.log.slice(asked).map((l) => `${l.method} ${l.path}`)).toEqual([
      `GET /v1/payment_intents/${String(intent!.id)}`,
    ]);
    expect((await findById(t.db, orderId))!.status).toBe(BillStatus.ChargePending);

    // Past the time a charge the gateway never saw is given up: a processing one still waits.
    clock.advanceMs(30 * 60_000);
    expect(await settlePendingPurchases(t.deps)).toEqual({ completed: 0, failed: 0 });

    intent!.status = 'succeeded';
    clock.advanceMs(2 * 60_000);
    expect(await settlePendingPurchases(t.deps)).toEqual({ completed: 1, failed: 0 });
    expect(await settlePendingPurchases(t.deps)).toEqual({ completed: 0, failed: 0 });
    expect((await findById(t.db, orderId))!.status).toBe(BillStatus.ChargePaid);
    expect(await reconcile(t.db, t.gateway, { since: startedAt, now: clock.now() })).toEqual([]);
  });
});
