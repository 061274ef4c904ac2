import { PaymentMessages } from '@store/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sandboxCharges } from '../db/schema';
import type { ChargeResult, PaymentGateway } from './payment-gateway';

type Row = Pick<typeof sandboxCharges.$inferSelect, 'id' | 'status' | 'declineMessage' | 'clientSecret'>;

/** A sandbox charge as the gateway answers it: its ledger row's status. */
export function sandboxResult(row: Row): ChargeResult {
  if (row.status === 'succeeded') return { status: 'succeeded', chargeId: row.id };
  if (row.status === 'requires_action' && row.clientSecret) {
    return { status: 'requires_action', chargeId: row.id, clientSecret: row.clientSecret };
  }
  return {
    status: 'declined',
    code: row.status,
    message: row.declineMessage ?? PaymentMessages.cardDeclined,
    chargeId: row.id,
  };
}

/**
 * 3-D Secure in the sandbox (docs/decisions/024), as Stripe's test challenge page behaves: the
 * customer completes or fails a charge waiting for authentication (named by its client secret, as
 * Stripe.js names a PaymentIntent); a failed challenge leaves the charge refused in Stripe's words,
 * and a charge given up (cancelled) can no longer be completed.
 */
export function sandboxAuthentication(db: DbOrTx): Pick<PaymentGateway, 'cancelCharge'> & {
  /** The challenge's answer; false when no charge waits for authentication under this secret. */
  authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<boolean>;
} {
  return {
    async authenticate(clientSecret, outcome) {
      const done = await db
        .update(sandboxCharges)
        .set(
          outcome === 'complete'
            ? { status: 'succeeded' }
            : {
                status: 'payment_intent_authentication_failure',
                declineMessage: PaymentMessages.authenticationFailed,
              },
        )
        .where(
          and(eq(sandboxCharges.clientSecret, clientSecret), eq(sandboxCharges.status, 'requires_action')),
        )
        .returning({ id: sandboxCharges.id });
      return done.length > 0;
    },

    async cancelCharge(chargeId) {
      await db
        .update(sandboxCharges)
        .set({ status: 'canceled', declineMessage: PaymentMessages.abandoned })
        .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.status, 'requires_action')));
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
      if (!row) throw new Error(`No such sandbox charge: ${chargeId}`);
      return sandboxResult(row);
    },
  };
}
