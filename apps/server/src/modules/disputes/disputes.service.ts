import {
  fromCents,
  isDisputeOpen,
  OPS_PAGE_SIZE,
  type OpsDispute,
  type OpsDisputeList,
  type OpsDisputesQuery,
} from '@store/core';
import type { Db, DbOrTx } from '../../db/client';
import { disputeAlertMail } from '../../mail/billing-mails';
import { enqueueMail } from '../../mail/outbox';
import {
  billOfPaymentIntent,
  type DisputeListRow,
  firstDisputeOfBill,
  listDisputes,
  type NewDispute,
  openDisputes as openDisputesOf,
  recordDispute,
  updateDisputeStatus,
} from './disputes.repository';

export type { NewDispute } from './disputes.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

const toDisputeDto = (r: DisputeListRow): OpsDispute => ({
  disputeId: r.id,
  status: r.status,
  open: isDisputeOpen(r.status),
  reason: r.reason,
  amount: fromCents(Number(r.amount_cents)),
  evidenceDueBy: r.evidence_due_by ? iso(r.evidence_due_by) : null,
  openedAt: iso(r.created_at),
  chargeId: r.charge_id,
  orderId: r.order_id === null ? null : Number(r.order_id),
  invoiceNumber: r.invoice_number,
  organizationId: r.organization_id === null ? null : Number(r.organization_id),
  organizationName: r.organization_name,
});

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
              invoiceNumber: bill?.invoiceNumber ?? null,
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

    /**
     * Stripe's later word on a dispute: its status, and its evidence deadline when the event says one;
     * false when the dispute is unknown here.
     */
    updateStatus: (id: string, status: string, evidenceDueBy?: Date | null) =>
      updateDisputeStatus(deps.db, id, status, evidenceDueBy),

    /** The console's Disputes list (open, closed or all; one bill's with `orderId`), a page of it. */
    async list(query: OpsDisputesQuery): Promise<OpsDisputeList> {
      const { rows, total } = await listDisputes(deps.db, query);
      return { items: rows.map(toDisputeDto), page: query.page, pageSize: OPS_PAGE_SIZE, total };
    },
  };
}
export type DisputesService = ReturnType<typeof createDisputesService>;

/** Disputes not closed yet, oldest first (reconcile names each, docs/decisions/018). */
export const openDisputes = (db: DbOrTx) => openDisputesOf(db);

/**
 * The dispute of a bill's charge, whatever became of it, or null: refunds refuses a disputed charge
 * (a refund would not close the dispute, and the customer could get the money twice).
 */
export const disputeOfBill = (db: DbOrTx, orderId: number) => firstDisputeOfBill(db, orderId);
