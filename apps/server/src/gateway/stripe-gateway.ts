import type { PaymentGateway } from './payment-gateway';

/** Issue 4 replaces this with the adapter over the stripe package. */
export function createStripeGateway(_opts: { secretKey: string; publishableKey: string; apiBase?: string }): PaymentGateway {
  throw new Error('The Stripe gateway is not built yet.');
}
