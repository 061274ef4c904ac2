import { asc, eq, gte, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../db/client';
import { sandboxCharges } from '../db/schema';
import { randomToken } from '../lib/tokens';
import type { ChargeResult, GatewayCharge, PaymentGateway } from './payment-gateway';
import { sandboxRefunding } from './sandbox-refunds';

/**
 * Stripe's test payment methods, as the sandbox card fields produce them from Stripe's test card
 * numbers (4242… succeeds, 0002 is declined, 9995 lacks funds, 3155 needs authentication).
 */
const OUTCOMES: Record<string, Exclude<ChargeResult, { status: 'pending' }>> = {
  pm_card_visa: { status: 'succeeded', chargeId: '' },
  pm_card_mastercard: { status: 'succeeded', chargeId: '' },
  pm_card_amex: { status: 'succeeded', chargeId: '' },
  pm_card_chargeDeclined: { status: 'declined', code: 'card_declined', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    status: 'declined',
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_authenticationRequired: {
    status: 'declined',
    code: 'authentication_required',
    message: 'Your card requires authentication. Please update your billing information.',
  },
};

export class GatewayError extends Error {}

/** The demo's gateway: remembers charges in its own table so idempotency holds across processes. */
export function createSandboxGateway(
  db: DbOrTx,
): PaymentGateway & { isKnownPaymentMethod(id: string): boolean } {
  const toResult = (row: typeof sandboxCharges.$inferSelect): ChargeResult =>
    row.status === 'succeeded'
      ? { status: 'succeeded', chargeId: row.id }
      : { status: 'declined', code: row.status, message: row.declineMessage ?? 'Your card was declined.' };

  return {
    ...sandboxRefunding(db),
    kind: 'sandbox',
    publishableKey: () => null,
    isKnownPaymentMethod: (id) => id in OUTCOMES,
    async prepareCardSetup({ customerId }) {
      return { customerId: customerId ?? `cus_sandbox_${randomToken(9)}`, clientSecret: null };
    },
    async saveCard({ customerId, paymentMethodId }) {
      if (!(paymentMethodId in OUTCOMES)) throw new GatewayError('Your card number is incorrect.');
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
      return row ? toResult(row) : null;
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
}

/**
 * The sandbox's charges, recorded in batches: the calls made in one turn of the event loop (the
 * billing engine charges a whole batch of bills at once) become one INSERT and one commit instead of
 * one each. Idempotent as Stripe is: a key seen before returns its first answer and charges nothing.
 */
function createChargeBatcher(db: DbOrTx): PaymentGateway['charge'] {
  let waiting: Waiting[] = [];
  const rowResult = (row: ChargeRow): ChargeResult =>
    row.status === 'succeeded'
      ? { status: 'succeeded', chargeId: row.id }
      : { status: 'declined', code: row.status, message: row.decline_message ?? 'Your card was declined.' };

  async function record(batch: Waiting[]): Promise<Map<string, ChargeRow>> {
    const payload = JSON.stringify(
      batch.map(({ input }) => {
        const outcome = OUTCOMES[input.paymentMethodId] ?? OUTCOMES.pm_card_chargeDeclined!;
        return {
          id: `ch_sandbox_${randomToken(12)}`,
          key: input.idempotencyKey,
          amount: input.amountCents,
          pm: input.paymentMethodId,
          status: outcome.status === 'succeeded' ? 'succeeded' : outcome.code,
          message: outcome.status === 'declined' ? outcome.message : null,
        };
      }),
    );
    const inserted = await queryRows<ChargeRow>(
      db,
      sql`INSERT INTO sandbox_charges (id, idempotency_key, amount_cents, payment_method_id, status, decline_message)
        SELECT id, key, amount, pm, status, message FROM json_to_recordset(${payload}::json)
          AS v(id text, key text, amount int, pm text, status text, message text)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, idempotency_key, status, decline_message`,
    );
    const byKey = new Map(inserted.map((row) => [row.idempotency_key, row]));
    const seen = batch.map((w) => w.input.idempotencyKey).filter((key) => !byKey.has(key));
    if (seen.length > 0) {
      const earlier = await queryRows<ChargeRow>(
        db,
        sql`SELECT id, idempotency_key, status, decline_message FROM sandbox_charges
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

/** For the fault test: every successful charge the sandbox ever made. */
export async function countSandboxSuccesses(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM sandbox_charges WHERE status = 'succeeded'`,
  );
  return Number(rows[0]?.n ?? 0);
}
