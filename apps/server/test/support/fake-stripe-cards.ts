// Stripe's test payment methods as the fake of Stripe's API (fake-stripe.ts) knows them: each card's
// last four digits and what a charge of it meets.

export const CARDS: Record<
  string,
  {
    last4: string;
    brand: string;
    outcome: 'ok' | 'card_declined' | 'insufficient_funds' | 'authentication_required' | 'processing';
  }
> = {
  pm_card_visa: { last4: '4242', brand: 'visa', outcome: 'ok' },
  pm_card_chargeDeclined: { last4: '0002', brand: 'visa', outcome: 'card_declined' },
  pm_card_chargeCustomerFail: { last4: '0341', brand: 'visa', outcome: 'card_declined' },
  pm_card_chargeDeclinedInsufficientFunds: { last4: '9995', brand: 'visa', outcome: 'insufficient_funds' },
  // 3-D Secure (fake-stripe-authentication.ts): 3184 always asks, 3155 unless set up for off-session.
  pm_card_authenticationRequired: { last4: '3184', brand: 'visa', outcome: 'ok' },
  pm_card_authenticationRequiredOnSetup: { last4: '3155', brand: 'visa', outcome: 'ok' },
  // Not one of Stripe's test cards: a payment the gateway is still processing.
  pm_processing: { last4: '1111', brand: 'visa', outcome: 'processing' },
};

/** GET /v1/payment_methods/{id} as Stripe answers it; null for a card Stripe does not know. */
export function paymentMethodOf(pmId: string, customer: string | null): Record<string, unknown> | null {
  const card = CARDS[pmId];
  if (!card) return null;
  return {
    id: pmId,
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
  };
}
