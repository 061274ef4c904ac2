import {
  billedToOf,
  billMention,
  billStatusText,
  isBillPaid,
  RefundMessages,
  refundableCents,
} from '@store/core';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit';
import type { BillingLogger } from '../bills';
import { lockBillRow } from '../bills';
import {
  findByGatewayRefund,
  insertGatewayMadeRefund,
  organizationOf,
  refundedCentsOf,
} from './refunds.repository';
import { announceCreditNote } from './refunds.service';

/** The reason a refund made outside the store carries on its credit note. */
export const DASHBOARD_REFUND_REASON = "Refunded in Stripe's dashboard";

/** A refund as the gateway reports it; `idempotencyKey` is the key the store asked under, if it did. */
export interface GatewayMadeRefund {
  id: string;
  amountCents: number;
  status: string;
  idempotencyKey: string | null;
}

/**
 * Records refunds of a bill the gateway already made without the store asking (a refund in Stripe's
 * dashboard), each as a refund with its numbered credit note (docs/decisions/016, 018). Once per
 * gateway refund: one the store asked for itself is known by its id or its key, and a refund already
 * recorded is skipped. The bill is locked, so the over-refund rule holds as for the operator's
 * refunds; a refund it breaks (or of a bill not paid) is an operator alert, not a record.
 * Answers a line for the event's record.
 */
export async function recordGatewayMadeRefunds(
  deps: { db: Db; clock: Clock; logger?: BillingLogger },
  orderId: number,
  made: GatewayMadeRefund[],
): Promise<string> {
  const lines: string[] = [];
  for (const refund of made.filter((r) => r.status === 'succeeded')) {
    lines.push(
      await deps.db.transaction(async (tx) => {
        const bill = await lockBillRow(tx, orderId);
        if (!bill) return `${refund.id}: no ${billMention({ orderId })}`;
        const named = { orderId, invoiceNumber: bill.invoiceNumber };
        if (await findByGatewayRefund(tx, orderId, refund.id, refund.idempotencyKey)) {
          return `${refund.id}: recorded before`;
        }
        const refunded = await refundedCentsOf(tx, orderId);
        const refusal = !isBillPaid(bill.status)
          ? RefundMessages.notPaid(named, billStatusText(bill.status))
          : refund.amountCents > refundableCents(bill.totalCents, refunded)
            ? RefundMessages.overRefund(refund.amountCents, named, bill.totalCents, refunded)
            : null;
        if (refusal) {
          deps.logger?.error(
            { orderId, gatewayRefundId: refund.id, amountCents: refund.amountCents },
            `operator alert: a refund made in Stripe's dashboard was not recorded: ${refusal}`,
          );
          return `${refund.id}: not recorded (${refusal})`;
        }
        const org = await organizationOf(tx, bill.organizationId);
        const now = deps.clock.now();
        const row = await insertGatewayMadeRefund(tx, {
          orderId,
          organizationId: bill.organizationId,
          amountCents: refund.amountCents,
          reason: DASHBOARD_REFUND_REASON,
          gatewayRefundId: refund.id,
          billedTo: billedToOf(org!),
          createdAt: now,
          refundedAt: now,
        });
        await recordAudit(tx, 'refund.created', { after: row, bill: named });
        await announceCreditNote(tx, row, now);
        return `${refund.id}: credit note ${row.creditNoteNumber}`;
      }),
    );
  }
  return lines.length > 0 ? lines.join('; ') : 'no refund that succeeded';
}
