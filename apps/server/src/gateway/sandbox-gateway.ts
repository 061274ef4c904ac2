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
    async charge({ paymentMethodId, amountCents, idempotencyKey }) {
      const outcome = OUTCOMES[paymentMethodId] ?? OUTCOMES.pm_card_chargeDeclined!;
      const id = `ch_sandbox_${randomToken(12)}`;
      const inserted = await db
        .insert(sandboxCharges)
        .values({
          id,
          idempotencyKey,
          amountCents,
          paymentMethodId,
          status: outcome.status === 'succeeded' ? 'succeeded' : outcome.code,
          declineMessage: outcome.status === 'declined' ? outcome.message : null,
        })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
        .returning();
      const row =
        inserted[0] ??
        (await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey)))[0]!;
      return toResult(row);
    },
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

/** For the fault test: every successful charge the sandbox ever made. */
export async function countSandboxSuccesses(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM sandbox_charges WHERE status = 'succeeded'`,
  );
  return Number(rows[0]?.n ?? 0);
}
