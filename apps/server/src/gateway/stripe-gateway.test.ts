import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeStripe, type Json, stripeError } from '../../test/support/fake-stripe';
import { listenFakeStripe } from '../../test/support/fake-stripe-listen';
import type { PaymentGateway } from './payment-gateway';

let fake: ReturnType<typeof fakeStripe>;
let gateway: PaymentGateway;
let stripe: Awaited<ReturnType<typeof listenFakeStripe>>;

beforeAll(async () => {
  fake = fakeStripe();
  stripe = await listenFakeStripe(fake);
  gateway = stripe.gateway();
});
afterAll(() => stripe.close());
beforeEach(() => {
  fake.log.length = 0;
});

describe('Stripe gateway', () => {
  it('publishes the publishable key and says it is Stripe', () => {
    expect(gateway.kind).toBe('stripe');
    expect(gateway.publishableKey()).toBe('pk_test_fake');
  });

  it('creates a customer and an off-session SetupIntent for card collection', async () => {
    const setup = await gateway.prepareCardSetup({
      customerId: null,
      email: 'dana@example.com',
      name: 'Dana Demo',
    });
    expect(setup.customerId).toMatch(/^cus_/);
    expect(setup.clientSecret).toMatch(/^seti_\d+_secret_/);
    const [customer, intent] = fake.log;
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      form: { email: 'dana@example.com', name: 'Dana Demo' },
      auth: 'Bearer sk_test_fake',
    });
    expect(customer!.contentType).toContain('application/x-www-form-urlencoded');
    expect(intent).toMatchObject({
      path: '/v1/setup_intents',
      form: { customer: setup.customerId, usage: 'off_session' },
    });
    // An existing customer is reused.
    fake.log.length = 0;
    await gateway.prepareCardSetup({ customerId: setup.customerId, email: 'x@example.com', name: 'X' });
    expect(fake.log.map((l) => l.path)).toEqual(['/v1/setup_intents']);
  });

  it('attaches the payment method and makes it the default; returns last four and expiry', async () => {
    const saved = await gateway.saveCard({
      customerId: null,
      paymentMethodId: 'pm_card_visa',
      email: 'a@example.com',
      name: 'A',
    });
    expect(saved).toMatchObject({
      paymentMethodId: 'pm_card_visa',
      lastFour: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(fake.log.map((l) => `${l.method} ${l.path}`)).toEqual([
      'POST /v1/customers',
      'GET /v1/payment_methods/pm_card_visa',
      'POST /v1/payment_methods/pm_card_visa/attach',
      `POST /v1/customers/${saved.customerId}`,
    ]);
    expect(fake.log[3]!.form['invoice_settings[default_payment_method]']).toBe('pm_card_visa');
    await expect(
      gateway.saveCard({
        customerId: saved.customerId,
        paymentMethodId: 'pm_nope',
        email: 'a@example.com',
        name: 'A',
      }),
    ).rejects.toThrow("No such PaymentMethod: 'pm_nope'");
  });

  it('charges off-session with a confirmed PaymentIntent and our idempotency key; a retry charges once', async () => {
    const input = {
      customerId: 'cus_1',
      paymentMethodId: 'pm_card_visa',
      amountCents: 964_440,
      idempotencyKey: 'order-17',
      description: 'Order 17',
    };
    const first = await gateway.charge(input);
    expect(first).toMatchObject({ status: 'succeeded' });
    const again = await gateway.charge(input);
    expect(again).toEqual(first);
    expect(fake.intents.filter((i) => (i.metadata as Json).idempotencyKey === 'order-17')).toHaveLength(1);
    expect(fake.log[0]).toMatchObject({
      path: '/v1/payment_intents',
      idempotencyKey: 'order-17',
      form: {
        amount: '964440',
        currency: 'usd',
        customer: 'cus_1',
        payment_method: 'pm_card_visa',
        off_session: 'true',
        confirm: 'true',
      },
    });
    expect(await gateway.findCharge('order-17')).toEqual(first);
    expect(await gateway.findCharge('order-404')).toBeNull();
  });

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    [
      'pm_card_authenticationRequired',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
  ])('%s is a declined result (%s), not an exception', async (paymentMethodId, code, message) => {
    const key = `order-${paymentMethodId}`;
    const result = await gateway.charge({
      customerId: 'cus_1',
      paymentMethodId,
      amountCents: 100,
      idempotencyKey: key,
      description: 'x',
    });
    // With the PaymentIntent Stripe made of the refused charge: the operator traces the decline there.
    expect(result).toEqual({ status: 'declined', code, message, chargeId: expect.stringMatching(/^pi_/) });
    expect(await gateway.findCharge(key)).toMatchObject({ status: 'declined', code });
  });

  // docs/design.md §3: every gateway outcome has an end. Permanent errors are declines; transient ones stay
  // exceptions (the outcome is unknown and the same key is asked again), after a bounded number of calls.
  const charge = (key: string, more: Record<string, unknown> = {}) =>
    gateway.charge({
      customerId: 'cus_1',
      paymentMethodId: 'pm_card_visa',
      amountCents: 1000,
      idempotencyKey: key,
      description: 'x',
      ...more,
    });

  it('an amount under the minimum is a decline (amount_too_small), not an exception', async () => {
    expect(await charge('small-1', { amountCents: 30 })).toMatchObject({
      status: 'declined',
      code: 'amount_too_small',
    });
  });

  it('a deleted customer or detached card is a decline (resource_missing), not an exception', async () => {
    fake.deletedCustomers.add('cus_gone');
    expect(await charge('gone-1', { customerId: 'cus_gone' })).toMatchObject({
      status: 'declined',
      code: 'resource_missing',
    });
  });

  it('processing is pending, never paid', async () => {
    const result = await charge('processing-1', { paymentMethodId: 'pm_processing' });
    expect(result).toMatchObject({ status: 'pending' });
    expect(await gateway.findCharge('processing-1', { customerId: 'cus_1' })).toMatchObject({
      status: 'pending',
    });
  });

  it('a rate limit is retried a bounded number of times, then an exception (unknown outcome)', async () => {
    for (let i = 0; i < 3; i++)
      fake.inject.push({
        ...stripeError(429, 'rate_limit_error', undefined, 'Too many requests'),
        stored: false,
      });
    await expect(charge('limited-1')).rejects.toThrow();
    expect(fake.log.filter((l) => l.path === '/v1/payment_intents')).toHaveLength(3);
    // Once the limit lifts, the same key charges (nothing was stored for it).
    expect(await charge('limited-1')).toMatchObject({ status: 'succeeded' });
  });

  it("a 5xx is kept for its key and replayed as Stripe does; the charge is found by listing the customer's intents", async () => {
    fake.inject.push({ ...stripeError(500, 'api_error', undefined, 'Something went wrong'), stored: true });
    await expect(charge('broken-1')).rejects.toThrow();
    await expect(charge('broken-1')).rejects.toThrow();
    expect(fake.intents.filter((i) => (i.metadata as Json).idempotencyKey === 'broken-1')).toHaveLength(0);
    expect(
      await gateway.findCharge('broken-1', { customerId: 'cus_1', since: new Date(Date.now() - 60_000) }),
    ).toBeNull();

    const paid = await charge('found-1');
    const listed = fake.log.length;
    expect(
      await gateway.findCharge('found-1', { customerId: 'cus_1', since: new Date(Date.now() - 60_000) }),
    ).toEqual(paid);
    expect(fake.log.slice(listed).map((l) => `${l.method} ${l.path}`)).toEqual(['GET /v1/payment_intents']);
    expect(
      await gateway.findCharge('found-1', { chargeId: (paid as { chargeId: string }).chargeId }),
    ).toEqual(paid);
  });

  it('an invalid request is a decline with its code, not an exception', async () => {
    fake.inject.push({
      ...stripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: 1.5'),
      stored: false,
    });
    expect(await charge('invalid-1')).toEqual({
      status: 'declined',
      code: 'parameter_invalid_integer',
      message: 'Invalid integer: 1.5',
    });
  });

  it('a timeout is retried with the same key, which answers what the first call did: one charge', async () => {
    const impatient = stripe.gatewayWith({ timeoutMs: 150 });
    const input = {
      customerId: 'cus_1',
      paymentMethodId: 'pm_card_visa',
      amountCents: 1000,
      description: 'x',
    };
    fake.inject.push({ stored: true, delayMs: 1_000 });
    expect(await impatient.charge({ ...input, idempotencyKey: 'slow-1' })).toMatchObject({
      status: 'succeeded',
    });
    expect(fake.intents.filter((i) => (i.metadata as Json).idempotencyKey === 'slow-1')).toHaveLength(1);

    // Every call too slow: an exception (unknown outcome), after a bounded number of calls; the
    // charge made meanwhile is found by listing the customer's intents.
    for (let i = 0; i < 3; i++) fake.inject.push({ stored: true, delayMs: 1_000 });
    const before = fake.log.length;
    await expect(impatient.charge({ ...input, idempotencyKey: 'slow-2' })).rejects.toThrow();
    expect(fake.log.slice(before).filter((l) => l.path === '/v1/payment_intents')).toHaveLength(3);
    expect(
      await gateway.findCharge('slow-2', { customerId: 'cus_1', since: new Date(Date.now() - 60_000) }),
    ).toMatchObject({ status: 'succeeded' });
  });
});
