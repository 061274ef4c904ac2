import { billMention, formatUsd } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { paidChargeOfBill } from '../bills';
import { gatewayRefunds, openRefundsBefore } from './refunds.repository';
import { type RefundDeps, refundAtGateway } from './refunds.service';

/** A request's own gateway call gets this long before the settle job takes its refund over. */
const OPEN_REFUND_GRACE_MS = 60_000;

/** How long a refund may stay open before reconcile names it (the settle job runs every minute). */
export const OPEN_REFUND_LIMIT_MS = 30 * 60_000;

/**
 * Refunds whose gateway answer was lost (a crash, a timeout) or is still pending end somewhere
 * (docs/design.md §3): each is asked about by its key and, if the gateway made none, made with that key.
 * Every scheduler tick; returns how many were settled.
 */
export async function settleOpenRefunds(deps: RefundDeps): Promise<number> {
  const open = await openRefundsBefore(deps.db, new Date(deps.clock.now().getTime() - OPEN_REFUND_GRACE_MS));
  let settled = 0;
  for (const { refund, invoiceNumber } of open) {
    const bill = { orderId: refund.orderId, invoiceNumber };
    const after = await refundAtGateway(deps, refund, bill, { lookFirst: true });
    if (after.refund.status !== refund.status) settled++;
  }
  return settled;
}

/** Reconcile's refund half: every card refund we record against what the gateway recorded. */
export async function refundDifferences(
  db: DbOrTx,
  gateway: PaymentGateway,
  now: Date,
): Promise<Array<{ text: string; orderId: number }>> {
  const differences: Array<{ text: string; orderId: number }> = [];
  for (const { refund, invoiceNumber } of await gatewayRefunds(db)) {
    const bill = billMention({ orderId: refund.orderId, invoiceNumber });
    const name = `Refund ${refund.gatewayKey} of ${bill} (${formatUsd(refund.amountCents)})`;
    const differ = (text: string) => differences.push({ text, orderId: refund.orderId });
    if (refund.status === 'started' || refund.status === 'pending') {
      if (refund.createdAt.getTime() < now.getTime() - OPEN_REFUND_LIMIT_MS) {
        differ(`${name} is still '${refund.status}' since ${refund.createdAt.toISOString()}.`);
      }
      continue;
    }
    const chargeId = await paidChargeOfBill(db, refund.orderId);
    const atGateway = chargeId ? await gateway.findRefund(refund.gatewayKey!, chargeId) : null;
    const gatewayStatus = atGateway?.status ?? 'none';
    const agrees = refund.status === 'failed' ? gatewayStatus !== 'succeeded' : gatewayStatus === 'succeeded';
    if (!agrees) differ(`${name} is '${refund.status}' here but '${gatewayStatus}' at the gateway.`);
  }
  return differences;
}
