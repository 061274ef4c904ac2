import Stripe from 'stripe';
import type { ChargeResult, PaymentGateway, SavedCard } from './payment-gateway';

/** Decline codes that mean "this card cannot be charged now" rather than "we do not know what happened". */
const DECLINE_MESSAGES: Record<string, string> = {
  authentication_required: 'Your card requires authentication. Please update your billing information.',
};

interface StripeLikeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

function declinedFrom(error: StripeLikeError): ChargeResult {
  const code = error.decline_code ?? error.code ?? 'card_declined';
  return {
    status: 'declined',
    code,
    message: DECLINE_MESSAGES[code] ?? error.message ?? 'Your card was declined.',
  };
}

/**
 * The card gateway over Stripe (DESIGN.md §3): customers, SetupIntents for collecting cards,
 * PaymentMethods attached as the customer's default, off-session confirmed PaymentIntents with our
 * idempotency key. `apiBase` points the client at another host (tests run a local fake of the API).
 */
export function createStripeGateway(opts: {
  secretKey: string;
  publishableKey: string;
  apiBase?: string;
}): PaymentGateway {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 30_000,
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
    if (intent.status === 'succeeded' || intent.status === 'processing')
      return { status: 'succeeded', chargeId: intent.id };
    if (intent.status === 'requires_action') {
      return {
        status: 'declined',
        code: 'authentication_required',
        message: DECLINE_MESSAGES.authentication_required!,
      };
    }
    const error = intent.last_payment_error;
    return declinedFrom({
      code: error?.code ?? 'card_declined',
      decline_code: error?.decline_code,
      message: error?.message,
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

    async charge({ customerId, paymentMethodId, amountCents, idempotencyKey, description }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            off_session: true,
            confirm: true,
            description,
            metadata: { idempotencyKey },
          },
          { idempotencyKey },
        );
        return toResult(intent);
      } catch (error) {
        const e = error as StripeLikeError;
        if (e.type === 'StripeCardError' || e.type === 'card_error') return declinedFrom(e);
        throw error;
      }
    },

    async findCharge(idempotencyKey) {
      const found = await stripe.paymentIntents.search({
        query: `metadata['idempotencyKey']:'${idempotencyKey.replace(/'/g, '')}'`,
        limit: 1,
      });
      const intent = found.data[0];
      if (!intent) return null;
      if (intent.status === 'requires_confirmation' || intent.status === 'requires_payment_method') {
        // Created but never confirmed successfully: a decline if it carries one, otherwise nothing happened.
        return intent.last_payment_error ? toResult(intent) : null;
      }
      return toResult(intent);
    },
  };
}
