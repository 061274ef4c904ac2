import { z } from 'zod/mini';

// 3-D Secure (docs/decisions/024): a charge made while the customer is present that the card's bank
// wants confirmed. The server answers what the browser needs to show the bank's challenge; the
// browser tells the server when the challenge has ended, and the server asks the gateway what became
// of the charge.

/**
 * What the browser needs to authenticate a payment: Stripe's PaymentIntent client secret (for
 * Stripe.js handleNextAction), or the sandbox's, whose challenge dialog is the store's own.
 */
export const PaymentAuthenticationSchema = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  clientSecret: z.string(),
  /** The bill (order) the payment is for: the browser confirms it when authentication has ended. */
  orderId: z.number().check(z.int()),
});
export type PaymentAuthentication = z.infer<typeof PaymentAuthenticationSchema>;

/**
 * POST /api/order/{orderId}/pay and /api/order/{orderId}/authenticated: the bill as it stands after
 * the charge; `authentication` when the bank asks the customer first (the bill is still pending).
 */
export const PaymentResultSchema = z.object({
  orderId: z.number().check(z.int()),
  status: z.number().check(z.int()),
  paid: z.boolean(),
  /** The bill's amount, in cents. */
  totalCents: z.number().check(z.int()),
  authentication: z.optional(PaymentAuthenticationSchema),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

/** GET /api/order/open: a bill the organization still owes, payable on the Pay Bills page. */
export const OpenBillSchema = z.object({
  orderId: z.number().check(z.int()),
  /** Named by it (billMention) once issued; a card bill still owed has none yet. */
  invoiceNumber: z.nullable(z.string()),
  billingDate: z.string(),
  dueDate: z.nullable(z.string()),
  status: z.number().check(z.int()),
  total: z.number(),
  totalCents: z.number().check(z.int()),
  /** What the bill is for: its lines' descriptions. */
  description: z.string(),
  /** The last charge's refusal, e.g. that the bank asked for authentication. */
  failureMessage: z.nullable(z.string()),
  /** A payment of it is under way (a retry, or a challenge not yet ended): Pay waits. */
  inProgress: z.boolean(),
});
export type OpenBill = z.infer<typeof OpenBillSchema>;
export const OpenBillListSchema = z.array(OpenBillSchema);

/** The sandbox's stand-in for the bank's challenge page: what the customer chose. */
export const SandboxAuthenticationSchema = z.object({
  clientSecret: z.string().check(z.minLength(1), z.maxLength(200)),
  outcome: z.enum(['complete', 'fail']),
});

/** The Pay Bills page's route: the renewal mail's link to it (docs/design.md §3, docs/decisions/024). */
export const PAY_BILLS_PATH = '/PayBills';

export const PaymentMessages = {
  /** An off-session charge the bank refused until the customer authenticates it (a renewal). */
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  /** Stripe's words for a card its set-up refused (the declining test card 4000 0000 0000 0002). */
  cardDeclined: 'Your card was declined.',
  /** Stripe's own words for a challenge that failed (payment_intent_authentication_failure). */
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  abandoned: 'The payment was not completed. Nothing was charged; please try again.',
  inProgress: 'A payment of this bill is already in progress. Please try again in a few minutes.',
  notPayable: 'This bill is not open for payment.',
  paid: (total: string) => `Bill paid: ${total} was charged to your card.`,
} as const;
