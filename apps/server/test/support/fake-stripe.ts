import { createServer, type IncomingMessage } from 'node:http';
import { fakeStripeAuthentication } from './fake-stripe-authentication';
import { CARDS, paymentMethodOf } from './fake-stripe-cards';
import { fakeStripeDisputes } from './fake-stripe-disputes';
import { fakeStripeRefunds } from './fake-stripe-refunds';

// A local stand-in for api.stripe.com that answers as Stripe's API does: form-encoded requests with
// bracketed keys, JSON answers, card errors as 402 with {error: {type: 'card_error', ...}}, and the
// Idempotency-Key honoured (the same key returns the first answer and does nothing again).

export type Json = Record<string, unknown>;
/**
 * What happens to one charge request instead of the usual: another answer (a gateway fault, an
 * invalid request), and/or an answer that comes late (past the client's timeout: the request was
 * carried out all the same and its answer kept for the key).
 */
export interface InjectedAnswer {
  /** The answer to give; none: the request is handled as usual. */
  status?: number;
  body?: Json;
  /** Stripe keeps the answer of a request it started executing (a 5xx too) and replays it for the key. */
  stored: boolean;
  delayMs?: number;
}

export const stripeError = (status: number, type: string, code: string | undefined, message: string) => ({
  status,
  body: { error: { type, ...(code ? { code } : {}), message } },
});

interface Logged {
  method: string;
  path: string;
  form: Record<string, string>;
  auth: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
}

export function fakeStripe() {
  const log: Logged[] = [];
  const customers = new Map<string, Json>();
  const attached = new Map<string, string>();
  const intents: Json[] = [];
  const idempotent = new Map<string, { status: number; body: Json }>();
  /** What happens to the next POST /v1/payment_intents and /v1/refunds calls, in order (replays included). */
  const inject: InjectedAnswer[] = [];
  /** The same for one customer's charges (several customers charged at once, each its own fault). */
  const injectFor = new Map<string, InjectedAnswer[]>();
  /** Customers that were deleted: charging them is `resource_missing`. */
  const deletedCustomers = new Set<string>();
  /** Customers whose charges meet Stripe's own 500 (kept for the key, as Stripe does). */
  const brokenCustomers = new Set<string>();
  let seq = 0;
  const id = (prefix: string) => `${prefix}_${++seq}`;
  const refunding = fakeStripeRefunds(intents, id);
  const disputing = fakeStripeDisputes(intents, id);
  const authenticating = fakeStripeAuthentication(intents);

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });

  const paymentMethod = (pmId: string) => paymentMethodOf(pmId, attached.get(pmId) ?? null);

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
      // Stripe verifies a card it sets up for later: its declining test card is refused here.
      if (pmAttach[1] === 'pm_card_chargeDeclined') return authenticating.setupDeclined();
      attached.set(pmAttach[1]!, form.customer!);
      return { status: 200, body: paymentMethod(pmAttach[1]!)! };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (brokenCustomers.has(form.customer!)) {
        return stripeError(500, 'api_error', undefined, 'An unknown error occurred');
      }
      if (deletedCustomers.has(form.customer!)) {
        return stripeError(
          400,
          'invalid_request_error',
          'resource_missing',
          `No such customer: '${form.customer}'`,
        );
      }
      if (Number(form.amount) < 50) {
        return stripeError(
          400,
          'invalid_request_error',
          'amount_too_small',
          'Amount must be at least $0.50 usd',
        );
      }
      const card = CARDS[form.payment_method!];
      const piId = id('pi');
      const intent: Json = {
        id: piId,
        client_secret: `${piId}_secret_${seq}`,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        customer: form.customer,
        payment_method: form.payment_method,
        description: form.description,
        metadata: { idempotencyKey: form['metadata[idempotencyKey]'] },
        created: Math.floor(Date.now() / 1000),
        status: card?.outcome === 'processing' ? 'processing' : 'succeeded',
        last_payment_error: null,
      };
      intents.push(intent);
      const offSession = form.off_session === 'true';
      const asks = authenticating.asks(form.payment_method!, offSession, attached.has(form.payment_method!));
      if (asks === 'challenge') return authenticating.challenge(intent);
      if ((card?.outcome !== 'ok' && card?.outcome !== 'processing') || asks === 'refuse') {
        const outcome = asks === 'refuse' ? 'authentication_required' : (card?.outcome ?? 'card_declined');
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
    if (method === 'GET' && path === '/v1/payment_intents') {
      const customer = query.get('customer');
      const gte = Number(query.get('created[gte]') ?? 0);
      const data = intents
        .filter((i) => (!customer || i.customer === customer) && Number(i.created) >= gte)
        .reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/payment_intents' } };
    }
    const piRetrieve = path.match(/^\/v1\/payment_intents\/(pi_[^/]+)$/);
    if (method === 'GET' && piRetrieve) {
      const intent = intents.find((i) => i.id === piRetrieve[1]);
      return intent
        ? { status: 200, body: intent }
        : stripeError(404, 'invalid_request_error', 'resource_missing', 'No such payment_intent');
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const wanted = query.get('query')?.match(/metadata\['idempotencyKey'\]:'([^']*)'/)?.[1];
      const data = intents.filter((i) => (i.metadata as Json).idempotencyKey === wanted);
      return {
        status: 200,
        body: { object: 'search_result', data, has_more: false, url: '/v1/payment_intents/search' },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refused = disputing.refusesRefund(form);
      if (refused) return refused;
    }
    const disputeAnswer = disputing.handle(method, path, query);
    if (disputeAnswer) return disputeAnswer;
    const refundAnswer = refunding.handle(method, path, form, query);
    if (refundAnswer) return refundAnswer;
    const cancelAnswer = authenticating.handle(method, path);
    if (cancelAnswer) return cancelAnswer;
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
    const charging =
      req.method === 'POST' && (url.pathname === '/v1/payment_intents' || url.pathname === '/v1/refunds');
    const injected = charging ? (injectFor.get(form.customer ?? '')?.shift() ?? inject.shift()) : undefined;
    const given =
      injected?.status !== undefined ? { status: injected.status, body: injected.body ?? {} } : null;
    let answer = key && req.method === 'POST' ? idempotent.get(key) : undefined;
    if (!answer) {
      if (given && !injected?.stored) answer = given;
      else {
        answer = given ?? handle(req.method!, url.pathname, form, url.searchParams);
        if (key && req.method === 'POST') idempotent.set(key, answer);
      }
    }
    if (injected?.delayMs) await new Promise((resolve) => setTimeout(resolve, injected.delayMs));
    if (res.destroyed) return;
    // Stripe tells its clients whether a retry may help (429 and 5xx: yes).
    const retry = answer.status === 429 || answer.status >= 500 ? 'true' : 'false';
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${seq}`,
      'stripe-should-retry': retry,
    });
    res.end(JSON.stringify(answer.body));
  });
  return {
    server,
    log,
    intents,
    refunds: refunding.refunds,
    /** A cardholder's bank disputes a charge: the Dispute object for the charge.dispute.* events. */
    openDispute: disputing.open,
    updateDispute: disputing.update,
    disputes: disputing.disputes,
    completeAuthentication: authenticating.completeAuthentication,
    customers,
    inject,
    injectFor,
    deletedCustomers,
    brokenCustomers,
  };
}
