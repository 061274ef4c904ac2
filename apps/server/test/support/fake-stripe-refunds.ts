type Json = Record<string, unknown>;

type Answer = { status: number; body: Json };

const invalid = (message: string, extra: Json = {}): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Refunds in the fake of Stripe's API, answered as Stripe answers them: POST /v1/refunds against a
 * PaymentIntent (the whole rest of it without `amount`), GET /v1/refunds?payment_intent=, and
 * Stripe's refusals: no such PaymentIntent, none of its charge succeeded, already refunded, more
 * than is left. Idempotency keys are honoured by the server around it, as for charges.
 */
export function fakeStripeRefunds(intents: Json[], nextId: (prefix: string) => string) {
  const refunds: Json[] = [];
  const refundedOf = (intentId: string) =>
    refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + Number(r.amount), 0);

  function handle(
    method: string,
    path: string,
    form: Record<string, string>,
    query: URLSearchParams,
  ): Answer | null {
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.find((i) => i.id === form.payment_intent);
      if (!intent) {
        return invalid(`No such payment_intent: '${form.payment_intent}'`, {
          code: 'resource_missing',
          param: 'payment_intent',
        });
      }
      if (intent.status !== 'succeeded') {
        return invalid('This PaymentIntent does not have a successful charge to refund.', {
          param: 'payment_intent',
        });
      }
      const left = Number(intent.amount) - refundedOf(String(intent.id));
      const charge = String(intent.id).replace(/^pi_/, 'ch_');
      if (left <= 0) {
        return invalid(`Charge ${charge} has already been refunded.`, { code: 'charge_already_refunded' });
      }
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!Number.isInteger(amount) || amount <= 0)
        return invalid('Invalid positive integer', { param: 'amount' });
      if (amount > left) {
        return invalid(
          `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
          { param: 'amount' },
        );
      }
      const refund: Json = {
        id: nextId('re'),
        object: 'refund',
        amount,
        charge,
        currency: intent.currency ?? 'usd',
        payment_intent: intent.id,
        metadata: { idempotencyKey: form['metadata[idempotencyKey]'] },
        reason: form.reason ?? null,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const wanted = query.get('payment_intent');
      const data = refunds.filter((r) => !wanted || r.payment_intent === wanted).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    return null;
  }
  return { refunds, handle };
}
