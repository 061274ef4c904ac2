import type Stripe from 'stripe';
import { markEventProcessed, receiveEvent } from './stripe-events.repository';
import { handleStripeEvent, type WebhookDeps } from './webhook-handlers';

/** Stripe's verified events (decision 018): each recorded once, handled, and its outcome kept. */
export function createStripeWebhookService(deps: Omit<WebhookDeps, 'logger'>) {
  return {
    /** The outcome's line, or null for a replay of an event already handled to the end. */
    async receive(event: Stripe.Event, logger: NonNullable<WebhookDeps['logger']>): Promise<string | null> {
      if (!(await receiveEvent(deps.db, { id: event.id, type: event.type, payload: event }))) return null;
      // A failure here answers 500: Stripe delivers the event again, and it is handled again.
      const outcome = await handleStripeEvent({ ...deps, logger }, event);
      await markEventProcessed(deps.db, event.id, outcome);
      return outcome;
    },
  };
}
export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
