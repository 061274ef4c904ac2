import Stripe from 'stripe';
import type { Json } from './fake-stripe';
import type { TestApp } from './test-app';

/** An event as Stripe sends it to a webhook endpoint, around `object`. */
export const stripeEvent = (id: string, type: string, object: Json, created: Date) => ({
  id,
  object: 'event',
  type,
  api_version: '2025-01-01',
  created: Math.floor(created.getTime() / 1000),
  data: { object },
});

/** Posts `body` to the store's Stripe webhook, signed with `secret` as Stripe signs its events. */
export function deliverStripeEvent(t: TestApp, body: object, secret: string) {
  const payload = JSON.stringify(body);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}
