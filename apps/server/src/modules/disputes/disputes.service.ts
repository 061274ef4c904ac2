import type { Db, DbOrTx } from '../../db/client';
import { disputeAlertMail } from '../../mail/billing-mails';
import { enqueueMail } from '../../mail/outbox';
import {
  billOfPaymentIntent,
  type NewDispute,
  openDisputes as openDisputesOf,
  recordDispute,
  updateDisputeStatus,
} from './disputes.repository';

export type { NewDispute } from './disputes.repository';

/** Disputes of card charges (docs/design.md §3): recorded beside the bill, never changing it. */
export function createDisputesService(deps: { db: Db; operatorAlertEmail?: string }) {
  return {
    /** The bill a PaymentIntent paid, found by the attempt that made it; null when none is ours. */
    billOfPaymentIntent: (paymentIntentId: string | null) => billOfPaymentIntent(deps.db, paymentIntentId),

    /**
     * Records a dispute once, beside the bill its PaymentIntent paid, and mails the operator in the
     * same transaction when it is new. `recorded` is false for a dispute recorded before.
     */
    async record(dispute: NewDispute) {
      const bill = await billOfPaymentIntent(deps.db, dispute.paymentIntentId);
      const recorded = await deps.db.transaction(async (tx) => {
        const fresh = await recordDispute(tx, dispute, bill?.orderId ?? null);
        if (fresh && deps.operatorAlertEmail) {
          await enqueueMail(
            tx,
            disputeAlertMail({
              to: deps.operatorAlertEmail,
              orderId: bill?.orderId ?? null,
              organizationId: bill?.organizationId ?? null,
              amountCents: dispute.amountCents,
              reason: dispute.reason,
              disputeId: dispute.id,
              chargeId: dispute.chargeId,
            }),
          );
        }
        return fresh;
      });
      return { recorded, bill };
    },

    /** Stripe's later word on a dispute: its status; false when the dispute is unknown here. */
    updateStatus: (id: string, status: string) => updateDisputeStatus(deps.db, id, status),
  };
}
export type DisputesService = ReturnType<typeof createDisputesService>;

/** Disputes not closed yet, oldest first (reconcile names each, docs/decisions/018). */
export const openDisputes = (db: DbOrTx) => openDisputesOf(db);
