type Json = Record<string, unknown>;
type Answer = { status: number; body: Json };

/**
 * 3-D Secure in the fake of Stripe's API, as Stripe's test cards behave (docs/decisions/024):
 * pm_card_authenticationRequired (4000 0027 6000 3184) asks on every charge;
 * pm_card_authenticationRequiredOnSetup (4000 0025 0000 3155) asks unless it was set up for
 * off-session use (here: attached to a customer, which the store's card set-up does). Asked
 * on-session, a PaymentIntent answers 200 `requires_action` with `next_action` and its
 * `client_secret`; asked off-session, Stripe refuses with a 402 `authentication_required` and the
 * PaymentIntent needs a new payment method. The browser's side of the challenge is
 * `completeAuthentication`, what Stripe.js's handleNextAction does at Stripe.
 */
export function fakeStripeAuthentication(intents: Json[]) {
  const CANCELLABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];

  return {
    /** Whether a charge of this card asks for authentication, and how. */
    asks(pmId: string, offSession: boolean, attached: boolean): 'challenge' | 'refuse' | null {
      const always = pmId === 'pm_card_authenticationRequired';
      const unlessSetUp = pmId === 'pm_card_authenticationRequiredOnSetup';
      if (!always && !(unlessSetUp && !(offSession && attached))) return null;
      return offSession ? 'refuse' : 'challenge';
    },

    /** The PaymentIntent waiting for the customer, as Stripe answers it. */
    challenge(intent: Json): Answer {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: {
          type: 'three_d_secure_redirect',
          stripe_js: 'https://hooks.stripe.com/3d_secure_2',
        },
      };
      return { status: 200, body: intent };
    },

    /** The customer completed (or failed) the challenge in the browser. */
    completeAuthentication(intentId: string, success: boolean): void {
      const intent = intents.find((i) => i.id === intentId);
      if (intent?.status !== 'requires_action')
        throw new Error(`${intentId} is not waiting for authentication`);
      intent.next_action = null;
      if (success) {
        intent.status = 'succeeded';
        return;
      }
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      };
    },

    /** Stripe's answer to setting up its declining test card (4000 0000 0000 0002). */
    setupDeclined(): Answer {
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      };
    },

    /** POST /v1/payment_intents/{id}/cancel. */
    handle(method: string, path: string): Answer | null {
      const cancel = path.match(/^\/v1\/payment_intents\/(pi_[^/]+)\/cancel$/);
      if (method !== 'POST' || !cancel) return null;
      const intent = intents.find((i) => i.id === cancel[1]);
      if (!intent) {
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${cancel[1]}'`,
            },
          },
        };
      }
      if (!CANCELLABLE.includes(String(intent.status))) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELLABLE.join(', ')}.`,
            },
          },
        };
      }
      intent.status = 'canceled';
      intent.next_action = null;
      intent.cancellation_reason = 'abandoned';
      return { status: 200, body: intent };
    },
  };
}
