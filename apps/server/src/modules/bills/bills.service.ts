import { BillStatus, billStatusText, GRACE_DAYS, OPEN_INVOICE_STATUSES } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit';
import { enqueueReceipts } from './bill-notices';
import { findById, moveStatus } from './bills.repository';

/** A bill the operator's action does not apply to: the message says why (the tool prints it as it is). */
export class BillRefusal extends Error {}

/** The operator records payment of an offline invoice (docs/design.md §3), with how it was paid. */
export async function markOfflineInvoicePaid(
  db: DbOrTx,
  clock: Clock,
  orderId: number,
  reference: string | null = null,
) {
  const order = await findById(db, orderId);
  if (!order) throw new BillRefusal(`There is no bill #${orderId}.`);
  if (order.status === BillStatus.OfflinePaid) throw new BillRefusal(`Bill #${orderId} is already paid.`);
  if (order.status === BillStatus.UnPaid) {
    throw new BillRefusal(
      `Bill #${orderId} is Un-Paid: it was not paid within ${GRACE_DAYS} days and its subscriptions were deactivated. Record the payment with your accounting and sell the customer a new subscription.`,
    );
  }
  if (!OPEN_INVOICE_STATUSES.includes(order.status)) {
    throw new BillRefusal(
      `Bill #${orderId} is not an offline invoice (status '${billStatusText(order.status)}', ${order.status}); card bills are settled by the gateway.`,
    );
  }
  return db.transaction(async (tx) => {
    const updated = await moveStatus(tx, orderId, order.status, {
      status: BillStatus.OfflinePaid,
      paidAt: clock.now(),
      paidReference: reference,
      nextAttemptAt: null,
    });
    if (!updated) throw new BillRefusal(`Bill #${orderId} changed meanwhile; run the command again.`);
    await recordAudit(tx, 'bill.updated', { before: order, after: updated });
    await enqueueReceipts(tx, [orderId]);
    return updated;
  });
}
