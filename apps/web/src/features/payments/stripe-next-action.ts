import type { QueryClient } from '@tanstack/react-query';
import { stripePublicKeyQueryOptions } from '../billing-info/api/get-stripe-public-key';

/**
 * Stripe mode: Stripe.js shows the bank's challenge for the PaymentIntent (handleNextAction, the
 * flow for payments confirmed on the server). Its answer is not trusted: the server asks Stripe what
 * became of the payment once this returns, whatever happened (completed, failed, closed).
 */
export async function handleStripeNextAction(queryClient: QueryClient, clientSecret: string): Promise<void> {
  const { publicKey } = await queryClient.fetchQuery(stripePublicKeyQueryOptions);
  if (!publicKey) return;
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(publicKey);
  await stripe?.handleNextAction({ clientSecret });
}
