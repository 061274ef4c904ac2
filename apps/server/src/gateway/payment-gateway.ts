/**
 * The card gateway (DESIGN.md §3): Stripe, or the sandbox where Stripe's test cards behave as in
 * Stripe. Card numbers never reach our server: the browser turns them into a payment method id.
 */
export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'declined'; code: string; message: string };

export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  lastFour: string | null;
  expMonth: number | null;
  expYear: number | null;
}

export interface PaymentGateway {
  readonly kind: 'stripe' | 'sandbox';
  /** What the browser needs to collect a card (Stripe publishable key; null for the sandbox). */
  publishableKey(): string | null;
  /** Starts card collection for a customer (a SetupIntent at Stripe); returns its client secret. */
  prepareCardSetup(input: { customerId: string | null; email: string; name: string }): Promise<{
    customerId: string;
    clientSecret: string | null;
  }>;
  /** Makes the payment method created in the browser the customer's card for future charges. */
  saveCard(input: {
    customerId: string | null;
    paymentMethodId: string;
    email: string;
    name: string;
  }): Promise<SavedCard>;
  /**
   * Charges off-session. The idempotency key makes a retried call return the first result and
   * never charge twice. A decline is a result, not an exception; exceptions mean "unknown outcome".
   */
  charge(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<ChargeResult>;
  /** Asks the gateway what became of a charge made with this key (settling after a crash). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
}
