/**
 * The card gateway (docs/design.md §3): Stripe, or the sandbox where Stripe's test cards behave as in
 * Stripe. Card numbers never reach our server: the browser turns them into a payment method id.
 */
/**
 * What the gateway answered (docs/design.md §3: every outcome has an end). 'declined' is every permanent
 * refusal: card declines and errors a retry cannot fix (an invalid request, an amount under the
 * minimum, a detached card or deleted customer). 'pending' is money not yet taken (Stripe's
 * `processing`): asked again later, never counted as paid. A transient failure (rate limit, the
 * gateway's 5xx, a timeout) is an exception: the outcome is unknown and the same key is asked again.
 * 'requires_action' is an on-session charge the card's bank wants the customer to authenticate (3-D
 * Secure, docs/decisions/024): nothing is taken until they do; `clientSecret` is what the browser
 * needs to show the challenge.
 */
export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'pending'; chargeId: string }
  | { status: 'requires_action'; chargeId: string; clientSecret: string }
  // `chargeId`: the PaymentIntent the processor made of a refused charge, when it made one: the
  // operator traces a decline there (docs/decisions/029).
  | { status: 'declined'; code: string; message: string; chargeId?: string };

/** Where to look for a charge whose answer was lost: its PaymentIntent id if stored, else the customer's since. */
export interface ChargeHint {
  chargeId?: string | null;
  customerId?: string | null;
  since?: Date | null;
}

/** A charge as the gateway records it, for reconciliation with the bills. */
export interface GatewayCharge {
  chargeId: string;
  /** Our idempotency key (kept in the charge's metadata at Stripe). */
  idempotencyKey: string | null;
  amountCents: number;
  /** 'succeeded' took money; 'pending' may still (Stripe's `processing`); 'failed' did not. */
  status: 'succeeded' | 'pending' | 'failed';
  customerId: string | null;
  created: Date;
}

/**
 * What the gateway answered to a refund (docs/decisions/016). 'failed' is a refusal a retry cannot
 * fix (already refunded, more than is left of the charge); 'pending' is money on its way back (asked
 * again later). An exception means the outcome is unknown: the same key is asked again.
 */
export type RefundResult =
  | { status: 'succeeded' | 'pending'; refundId: string }
  | { status: 'failed'; code: string; message: string };

/** A refund the gateway holds for a charge, whoever made it: the store, or the gateway's dashboard. */
export interface GatewayRefund {
  refundId: string;
  amountCents: number;
  status: string;
  /** The store's key for refunds it made itself; null for one made in the dashboard. */
  idempotencyKey: string | null;
}

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
   * Charges the card on file: off-session (renewals; the bank may refuse with
   * authentication_required) or, with `onSession`, while the customer is present (checkout, the
   * editor, the Pay Bills page; the bank may answer requires_action). The idempotency key makes a
   * retried call return the first result and never charge twice. A decline is a result, not an
   * exception; exceptions mean "unknown outcome".
   */
  charge(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
    onSession?: boolean;
  }): Promise<ChargeResult>;
  /**
   * Gives up a charge still waiting for the customer's authentication (they left, or took too long):
   * the gateway cancels it so it can never take money, and answers what became of it: declined, or
   * succeeded when the customer completed it just before (the cancel then changes nothing).
   */
  cancelCharge(chargeId: string): Promise<ChargeResult>;
  /**
   * Asks the gateway what became of a charge made with this key (settling after a crash or a lost
   * answer); null when it made none.
   */
  findCharge(idempotencyKey: string, hint?: ChargeHint): Promise<ChargeResult | null>;
  /** Every charge made since `since` (all when null), oldest first: the gateway's side of reconcile. */
  listCharges(since: Date | null): Promise<GatewayCharge[]>;
  /**
   * Returns money of a succeeded charge (its id as `charge` answered). The idempotency key makes a
   * retried call return the first result and never refund twice.
   */
  refund(input: { chargeId: string; amountCents: number; idempotencyKey: string }): Promise<RefundResult>;
  /** What became of a refund made with this key against the charge; null when the gateway made none. */
  findRefund(idempotencyKey: string, chargeId: string): Promise<RefundResult | null>;
  /**
   * Every refund of the charge. Stripe's charge.refunded event lists them only when the account's API
   * version still expands `refunds` (before 2022-11-15), so the webhook asks here when it does not.
   */
  listRefunds(chargeId: string): Promise<GatewayRefund[]>;
}
