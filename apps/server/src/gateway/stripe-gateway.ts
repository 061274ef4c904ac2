import { PaymentMessages } from '@store/core';
import Stripe from 'stripe';
import type {
  ChargeResult,
  GatewayCharge,
  GatewayRefund,
  PaymentGateway,
  RefundResult,
  SavedCard,
} from './payment-gateway';

/** Decline codes that mean "this card cannot be charged now" rather than "we do not know what happened". */
const DECLINE_MESSAGES: Record<string, string> = {
  authentication_required: PaymentMessages.authenticationRequired,
};

interface StripeLikeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  statusCode?: number;
  /** The PaymentIntent a card error refused (Stripe sets it on a declined confirmation). */
  payment_intent?: { id?: string } | null;
}

function declinedFrom(error: StripeLikeError): ChargeResult {
  const code = error.decline_code ?? error.code ?? 'card_declined';
  const chargeId = error.payment_intent?.id;
  return {
    status: 'declined',
    code,
    message: DECLINE_MESSAGES[code] ?? error.message ?? 'Your card was declined.',
    ...(chargeId ? { chargeId } : {}),
  };
}

/**
 * Errors a retry cannot fix (docs/design.md §3): the card's own refusals and every invalid request —
 * an amount under the minimum (`amount_too_small`), a detached card or deleted customer
 * (`resource_missing`), a reused key with other parameters. Rate limits, the gateway's own errors
 * and lost connections are transient: they stay exceptions and the same key is asked again.
 */
export function isPermanentError(error: StripeLikeError): boolean {
  return [
    'StripeCardError',
    'card_error',
    'StripeInvalidRequestError',
    'invalid_request_error',
    'StripeIdempotencyError',
    'idempotency_error',
  ].includes(error.type ?? '');
}

function refundResult(refund: Stripe.Refund): RefundResult {
  if (refund.status === 'succeeded') return { status: 'succeeded', refundId: refund.id };
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return {
      status: 'failed',
      code: refund.failure_reason ?? refund.status,
      message: `The refund ${refund.status === 'failed' ? 'failed' : 'was canceled'} at the gateway (${refund.failure_reason ?? refund.status}).`,
    };
  }
  // 'pending' and 'requires_action': the money is on its way back; asked again later.
  return { status: 'pending', refundId: refund.id };
}

/**
 * The card gateway over Stripe (docs/design.md §3): customers, SetupIntents for collecting cards,
 * PaymentMethods attached as the customer's default, off-session confirmed PaymentIntents with our
 * idempotency key. `apiBase` points the client at another host (tests run a local fake of the API).
 */
export function createStripeGateway(opts: {
  secretKey: string;
  publishableKey: string;
  apiBase?: string;
  /** How long one request may take before it counts as a timeout (unknown outcome). */
  timeoutMs?: number;
}): PaymentGateway {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: opts.timeoutMs ?? 30_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  async function ensureCustomer(customerId: string | null, email: string, name: string): Promise<string> {
    if (customerId) return customerId;
    const customer = await stripe.customers.create({ email, name });
    return customer.id;
  }

  function toResult(intent: Stripe.PaymentIntent): ChargeResult {
    if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
    if (intent.status === 'processing') return { status: 'pending', chargeId: intent.id };
    // An on-session charge whose bank asks the customer (3-D Secure, docs/decisions/024): Stripe.js
    // shows the challenge with the client secret. (Off-session, Stripe refuses with a 402 instead.)
    if (intent.status === 'requires_action' && intent.client_secret) {
      return { status: 'requires_action', chargeId: intent.id, clientSecret: intent.client_secret };
    }
    if (intent.status === 'canceled') {
      return {
        status: 'declined',
        code: 'canceled',
        message: PaymentMessages.abandoned,
        chargeId: intent.id,
      };
    }
    const error = intent.last_payment_error;
    return declinedFrom({
      code: error?.code ?? 'card_declined',
      decline_code: error?.decline_code,
      message: error?.message,
      payment_intent: { id: intent.id },
    });
  }

  return {
    kind: 'stripe',
    publishableKey: () => opts.publishableKey,

    async prepareCardSetup({ customerId, email, name }) {
      const customer = await ensureCustomer(customerId, email, name);
      const intent = await stripe.setupIntents.create({
        customer,
        usage: 'off_session',
      });
      return { customerId: customer, clientSecret: intent.client_secret };
    },

    async saveCard({ customerId, paymentMethodId, email, name }): Promise<SavedCard> {
      const customer = await ensureCustomer(customerId, email, name);
      let method = await stripe.paymentMethods.retrieve(paymentMethodId);
      const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      if (owner !== customer) method = await stripe.paymentMethods.attach(paymentMethodId, { customer });
      await stripe.customers.update(customer, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
      return {
        customerId: customer,
        paymentMethodId,
        lastFour: method.card?.last4 ?? null,
        expMonth: method.card?.exp_month ?? null,
        expYear: method.card?.exp_year ?? null,
      };
    },

    async charge({ customerId, paymentMethodId, amountCents, idempotencyKey, description, onSession }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            confirm: true,
            description,
            metadata: { idempotencyKey },
            // The customer present: a challenge is shown in the page by Stripe.js (handleNextAction),
            // never by a redirect, so no return_url is needed. Otherwise the bank may only refuse.
            ...(onSession ? { payment_method_types: ['card'], use_stripe_sdk: true } : { off_session: true }),
          },
          { idempotencyKey },
        );
        return toResult(intent);
      } catch (error) {
        const e = error as StripeLikeError;
        if (isPermanentError(e)) return declinedFrom(e);
        throw error;
      }
    },

    async cancelCharge(chargeId) {
      try {
        return toResult(await stripe.paymentIntents.cancel(chargeId));
      } catch (error) {
        // Completed (or failed) meanwhile, so no longer cancellable: what it became.
        if ((error as StripeLikeError).code !== 'payment_intent_unexpected_state') throw error;
        return toResult(await stripe.paymentIntents.retrieve(chargeId));
      }
    },

    async findCharge(idempotencyKey, hint) {
      let intent: Stripe.PaymentIntent | undefined;
      if (hint?.chargeId) intent = await stripe.paymentIntents.retrieve(hint.chargeId);
      else {
        // Listing is consistent where search is not: the customer's PaymentIntents since the
        // attempt, matched on the key kept in their metadata.
        const params: Stripe.PaymentIntentListParams = { limit: 100 };
        if (hint?.customerId) params.customer = hint.customerId;
        if (hint?.since) params.created = { gte: Math.floor(hint.since.getTime() / 1000) - 60 };
        for await (const candidate of stripe.paymentIntents.list(params)) {
          if (candidate.metadata?.idempotencyKey === idempotencyKey) {
            intent = candidate;
            break;
          }
        }
      }
      if (!intent) return null;
      if (intent.status === 'requires_confirmation' || intent.status === 'requires_payment_method') {
        // Created but never confirmed successfully: a decline if it carries one, otherwise nothing happened.
        return intent.last_payment_error ? toResult(intent) : null;
      }
      return toResult(intent);
    },

    async refund({ chargeId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: chargeId, amount: amountCents, metadata: { idempotencyKey } },
          { idempotencyKey },
        );
        return refundResult(refund);
      } catch (error) {
        const e = error as StripeLikeError;
        if (!isPermanentError(e)) throw error;
        return {
          status: 'failed',
          code: e.code ?? 'invalid_request',
          message: e.message ?? 'The refund was refused.',
        };
      }
    },

    async findRefund(idempotencyKey, chargeId) {
      for await (const refund of stripe.refunds.list({ payment_intent: chargeId, limit: 100 })) {
        if (refund.metadata?.idempotencyKey === idempotencyKey) return refundResult(refund);
      }
      return null;
    },

    async listRefunds(chargeId) {
      const found: GatewayRefund[] = [];
      for await (const r of stripe.refunds.list({ payment_intent: chargeId, limit: 100 })) {
        found.push({
          refundId: r.id,
          amountCents: r.amount,
          status: r.status ?? '',
          idempotencyKey: r.metadata?.idempotencyKey ?? null,
        });
      }
      return found;
    },

    async listCharges(since) {
      // Listing is consistent (search is not): every PaymentIntent since the date, page by page.
      const found: GatewayCharge[] = [];
      const params: Stripe.PaymentIntentListParams = { limit: 100 };
      if (since) params.created = { gte: Math.floor(since.getTime() / 1000) };
      for await (const intent of stripe.paymentIntents.list(params)) {
        found.push({
          chargeId: intent.id,
          idempotencyKey: intent.metadata?.idempotencyKey ?? null,
          amountCents: intent.amount,
          status:
            intent.status === 'succeeded'
              ? 'succeeded'
              : intent.status === 'processing'
                ? 'pending'
                : 'failed',
          customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
          created: new Date(intent.created * 1000),
        });
      }
      return found.sort((a, b) => a.created.getTime() - b.created.getTime());
    },
  };
}
