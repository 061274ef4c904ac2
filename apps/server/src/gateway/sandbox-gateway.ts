import { PaymentMessages } from '@store/core';
import { asc, eq, gte, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { sandboxCharges } from '../db/schema';
import { randomToken } from '../lib/tokens';
import type { ChargeResult, GatewayCharge, PaymentGateway } from './payment-gateway';
import { sandboxAuthentication, sandboxResult } from './sandbox-authentication';
import { sandboxRefunding } from './sandbox-refunds';

type Outcome = Exclude<ChargeResult, { status: 'pending' | 'requires_action' }> | { status: 'authenticate' };
const authenticationRequired: Outcome = {
  status: 'declined',
  code: 'authentication_required',
  message: PaymentMessages.authenticationRequired,
};

/**
 * Stripe's test payment methods, as the sandbox card fields produce them from Stripe's test card
 * numbers (4242… succeeds, 0002 is declined, 9995 lacks funds), and what a charge of each answers
 * off-session (a renewal) and on-session (the customer present). 3-D Secure as Stripe's test cards
 * (docs/decisions/024): 3184 asks for authentication on every charge, so off-session it is refused
 * with authentication_required and on-session it waits for the challenge; 3155 asks unless the
 * card was set up for off-session use, which every card saved as billing information was, so it
 * asks on-session only.
 */
const OUTCOMES: Record<string, { offSession: Outcome; onSession: Outcome }> = {
  pm_card_visa: both({ status: 'succeeded', chargeId: '' }),
  pm_card_mastercard: both({ status: 'succeeded', chargeId: '' }),
  pm_card_amex: both({ status: 'succeeded', chargeId: '' }),
  pm_card_chargeDeclined: both({
    status: 'declined',
    code: 'card_declined',
    message: PaymentMessages.cardDeclined,
  }),
  pm_card_chargeCustomerFail: both({
    status: 'declined',
    code: 'card_declined',
    message: PaymentMessages.cardDeclined,
  }),
  pm_card_chargeDeclinedInsufficientFunds: both({
    status: 'declined',
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  }),
  pm_card_authenticationRequired: {
    offSession: authenticationRequired,
    onSession: { status: 'authenticate' },
  },
  pm_card_authenticationRequiredOnSetup: {
    offSession: { status: 'succeeded', chargeId: '' },
    onSession: { status: 'authenticate' },
  },
};
function both(outcome: Outcome) {
  return { offSession: outcome, onSession: outcome };
}
/** Stripe refuses these cards when they are set up (a SetupIntent), in its own words. */
const REFUSED_AT_SETUP = new Set(['pm_card_chargeDeclined']);

export class GatewayError extends Error {}

export type SandboxGateway = PaymentGateway & {
  isKnownPaymentMethod(id: string): boolean;
} & ReturnType<typeof sandboxAuthentication>;

/** The sandbox's challenge exists only with the sandbox gateway (demo mode). */
export const isSandboxGateway = (gateway: PaymentGateway): gateway is SandboxGateway =>
  gateway.kind === 'sandbox' && 'authenticate' in gateway;

/** The demo's gateway: remembers charges in its own table so idempotency holds across processes. */
export function createSandboxGateway(db: DbOrTx): SandboxGateway {
  return {
    ...sandboxRefunding(db),
    ...sandboxAuthentication(db),
    kind: 'sandbox',
    publishableKey: () => null,
    isKnownPaymentMethod: (id) => id in OUTCOMES,
    async prepareCardSetup({ customerId }) {
      return { customerId: customerId ?? `cus_sandbox_${randomToken(9)}`, clientSecret: null };
    },
    async saveCard({ customerId, paymentMethodId }) {
      if (!(paymentMethodId in OUTCOMES)) throw new GatewayError('Your card number is incorrect.');
      if (REFUSED_AT_SETUP.has(paymentMethodId)) throw new GatewayError(PaymentMessages.cardDeclined);
      return {
        customerId: customerId ?? `cus_sandbox_${randomToken(9)}`,
        paymentMethodId,
        lastFour: null,
        expMonth: null,
        expYear: null,
      };
    },
    charge: createChargeBatcher(db),
    async findCharge(idempotencyKey) {
      const [row] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      return row ? sandboxResult(row) : null;
    },
    async listCharges(since) {
      const rows = await db
        .select()
        .from(sandboxCharges)
        .where(since ? gte(sandboxCharges.createdAt, since) : undefined)
        .orderBy(asc(sandboxCharges.createdAt), asc(sandboxCharges.id));
      return rows.map(
        (row): GatewayCharge => ({
          chargeId: row.id,
          idempotencyKey: row.idempotencyKey,
          amountCents: row.amountCents,
          status: row.status === 'succeeded' ? 'succeeded' : 'failed',
          customerId: null,
          created: row.createdAt,
        }),
      );
    },
  };
}

type ChargeInput = Parameters<PaymentGateway['charge']>[0];
interface Waiting {
  input: ChargeInput;
  resolve(result: ChargeResult): void;
  reject(error: unknown): void;
}
interface ChargeRow {
  id: string;
  idempotency_key: string;
  status: string;
  decline_message: string | null;
  client_secret: string | null;
}

/**
 * The sandbox's charges, recorded in batches: the calls made in one turn of the event loop (the
 * billing engine charges a whole batch of bills at once) become one INSERT and one commit instead of
 * one each. Idempotent as Stripe is: a key seen before returns its first answer and charges nothing.
 */
function createChargeBatcher(db: DbOrTx): PaymentGateway['charge'] {
  let waiting: Waiting[] = [];
  const rowResult = (row: ChargeRow): ChargeResult =>
    sandboxResult({
      id: row.id,
      status: row.status,
      declineMessage: row.decline_message,
      clientSecret: row.client_secret,
    });

  async function record(batch: Waiting[]): Promise<Map<string, ChargeRow>> {
    const payload = JSON.stringify(
      batch.map(({ input }) => {
        const card = OUTCOMES[input.paymentMethodId] ?? OUTCOMES.pm_card_chargeDeclined!;
        const outcome = input.onSession ? card.onSession : card.offSession;
        const id = `ch_sandbox_${randomToken(12)}`;
        return {
          id,
          key: input.idempotencyKey,
          amount: input.amountCents,
          pm: input.paymentMethodId,
          status:
            outcome.status === 'declined'
              ? outcome.code
              : outcome.status === 'authenticate'
                ? 'requires_action'
                : 'succeeded',
          message: outcome.status === 'declined' ? outcome.message : null,
          secret: outcome.status === 'authenticate' ? `${id}_secret_${randomToken(18)}` : null,
        };
      }),
    );
    const inserted = await queryRows<ChargeRow>(
      db,
      sql`INSERT INTO sandbox_charges (id, idempotency_key, amount_cents, payment_method_id, status,
          decline_message, client_secret)
        SELECT id, key, amount, pm, status, message, secret FROM json_to_recordset(${payload}::json)
          AS v(id text, key text, amount int, pm text, status text, message text, secret text)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, idempotency_key, status, decline_message, client_secret`,
    );
    const byKey = new Map(inserted.map((row) => [row.idempotency_key, row]));
    const seen = batch.map((w) => w.input.idempotencyKey).filter((key) => !byKey.has(key));
    if (seen.length > 0) {
      const earlier = await queryRows<ChargeRow>(
        db,
        sql`SELECT id, idempotency_key, status, decline_message, client_secret FROM sandbox_charges
          WHERE idempotency_key IN (SELECT json_array_elements_text(${JSON.stringify(seen)}::json))`,
      );
      for (const row of earlier) byKey.set(row.idempotency_key, row);
    }
    return byKey;
  }

  function flush(): void {
    const batch = waiting;
    waiting = [];
    record(batch).then(
      (byKey) => {
        for (const w of batch) w.resolve(rowResult(byKey.get(w.input.idempotencyKey)!));
      },
      (error) => {
        for (const w of batch) w.reject(error);
      },
    );
  }

  return (input) =>
    new Promise<ChargeResult>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ input, resolve, reject });
    });
}
