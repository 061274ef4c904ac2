import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentGateway } from './payment-gateway';
import { createStripeGateway } from './stripe-gateway';

// A local stand-in for api.stripe.com that answers as Stripe's API does: form-encoded requests with
// bracketed keys, JSON answers, card errors as 402 with {error: {type: 'card_error', ...}}, and the
// Idempotency-Key honoured (the same key returns the first answer and does nothing again).

type Json = Record<string, unknown>;
const CARDS: Record<
  string,
  {
    last4: string;
    brand: string;
    outcome: 'ok' | 'card_declined' | 'insufficient_funds' | 'authentication_required';
  }
> = {
  pm_card_visa: { last4: '4242', brand: 'visa', outcome: 'ok' },
  pm_card_chargeDeclined: { last4: '0002', brand: 'visa', outcome: 'card_declined' },
  pm_card_chargeDeclinedInsufficientFunds: { last4: '9995', brand: 'visa', outcome: 'insufficient_funds' },
  pm_card_authenticationRequired: { last4: '3155', brand: 'visa', outcome: 'authentication_required' },
};

interface Logged {
  method: string;
  path: string;
  form: Record<string, string>;
  auth: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
}

function fakeStripe() {
  const log: Logged[] = [];
  const customers = new Map<string, Json>();
  const attached = new Map<string, string>();
  const intents: Json[] = [];
  const idempotent = new Map<string, { status: number; body: Json }>();
  let seq = 0;
  const id = (prefix: string) => `${prefix}_${++seq}`;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });

  function paymentMethod(pmId: string): Json | null {
    const card = CARDS[pmId];
    if (!card) return null;
    return {
      id: pmId,
      object: 'payment_method',
      type: 'card',
      customer: attached.get(pmId) ?? null,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
    };
  }

  function handle(
    method: string,
    path: string,
    form: Record<string, string>,
    query: URLSearchParams,
  ): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: form.email,
        name: form.name,
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const customerUpdate = path.match(/^\/v1\/customers\/([^/]+)$/);
    if (method === 'POST' && customerUpdate) {
      const customer = customers.get(customerUpdate[1]!);
      if (!customer)
        return {
          status: 404,
          body: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' },
          },
        };
      customer.invoice_settings = {
        default_payment_method: form['invoice_settings[default_payment_method]'],
      };
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const sid = id('seti');
      return {
        status: 200,
        body: {
          id: sid,
          object: 'setup_intent',
          customer: form.customer,
          usage: form.usage,
          client_secret: `${sid}_secret_abc`,
          status: 'requires_payment_method',
        },
      };
    }
    const pmRetrieve = path.match(/^\/v1\/payment_methods\/([^/]+)$/);
    if (method === 'GET' && pmRetrieve) {
      const pm = paymentMethod(pmRetrieve[1]!);
      return pm
        ? { status: 200, body: pm }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such PaymentMethod: '${pmRetrieve[1]}'`,
              },
            },
          };
    }
    const pmAttach = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/);
    if (method === 'POST' && pmAttach) {
      attached.set(pmAttach[1]!, form.customer!);
      return { status: 200, body: paymentMethod(pmAttach[1]!)! };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const card = CARDS[form.payment_method!];
      const intent: Json = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        customer: form.customer,
        payment_method: form.payment_method,
        description: form.description,
        metadata: { idempotencyKey: form['metadata[idempotencyKey]'] },
        status: 'succeeded',
        last_payment_error: null,
      };
      intents.push(intent);
      if (card?.outcome !== 'ok') {
        const outcome = card?.outcome ?? 'card_declined';
        const error = {
          type: 'card_error',
          code: outcome === 'insufficient_funds' ? 'card_declined' : outcome,
          decline_code: outcome === 'card_declined' ? 'generic_decline' : outcome,
          message:
            outcome === 'insufficient_funds'
              ? 'Your card has insufficient funds.'
              : outcome === 'authentication_required'
                ? 'Your card was declined. This transaction requires authentication.'
                : 'Your card was declined.',
        };
        intent.status = 'requires_payment_method';
        intent.last_payment_error = error;
        return { status: 402, body: { error: { ...error, payment_intent: intent } } };
      }
      return { status: 200, body: intent };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const wanted = query.get('query')?.match(/metadata\['idempotencyKey'\]:'([^']*)'/)?.[1];
      const data = intents.filter((i) => (i.metadata as Json).idempotencyKey === wanted);
      return {
        status: 200,
        body: { object: 'search_result', data, has_more: false, url: '/v1/payment_intents/search' },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const key = req.headers['idempotency-key'] as string | undefined;
    log.push({
      method: req.method!,
      path: url.pathname,
      form,
      auth: req.headers.authorization,
      idempotencyKey: key,
      contentType: req.headers['content-type'],
    });
    let answer = key && req.method === 'POST' ? idempotent.get(key) : undefined;
    if (!answer) {
      answer = handle(req.method!, url.pathname, form, url.searchParams);
      if (key && req.method === 'POST') idempotent.set(key, answer);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
    res.end(JSON.stringify(answer.body));
  });
  return { server, log, intents, customers };
}

let fake: ReturnType<typeof fakeStripe>;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = fakeStripe();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  gateway = createStripeGateway({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    apiBase: `http://127.0.0.1:${port}`,
  });
});
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));
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
      'Your card requires authentication. Please update your billing information.',
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
    expect(result).toEqual({ status: 'declined', code, message });
    expect(await gateway.findCharge(key)).toMatchObject({ status: 'declined', code });
  });
});
