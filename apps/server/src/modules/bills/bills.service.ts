import { BillStatus, billStatusText, GRACE_DAYS, OPEN_INVOICE_STATUSES } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import { enqueueReceipts } from './bill-notices';
import { findById, moveStatus } from './bills.repository';

/**
 * The operator records payment of an offline invoice (docs/design.md §3), with how it was paid. A bill
 * it does not apply to is a conflict whose message says why (the console shows it, the tool prints it).
 */
export async function markOfflineInvoicePaid(
  db: DbOrTx,
  clock: Clock,
  orderId: number,
  reference: string | null = null,
) {
  const order = await findById(db, orderId);
  if (!order) throw conflict(`There is no bill #${orderId}.`);
  if (order.status === BillStatus.OfflinePaid) throw conflict(`Bill #${orderId} is already paid.`);
  if (order.status === BillStatus.UnPaid) {
    throw conflict(
      `Bill #${orderId} is Un-Paid: it was not paid within ${GRACE_DAYS} days and its subscriptions were deactivated. Record the payment with your accounting and sell the customer a new subscription.`,
    );
  }
  if (!OPEN_INVOICE_STATUSES.includes(order.status)) {
    throw conflict(
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
    if (!updated) throw conflict(`Bill #${orderId} changed meanwhile; run the command again.`);
    await recordAudit(tx, 'bill.updated', { before: order, after: updated });
    await enqueueReceipts(tx, [orderId]);
    return updated;
  });
}
