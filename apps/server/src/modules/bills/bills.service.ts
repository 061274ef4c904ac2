import { BillStatus, billStatusText, OPEN_INVOICE_STATUSES } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { findById, moveStatus } from './bills.repository';

/** A refusal of the operator's tool, told to the operator as it is. */
export class OpsError extends Error {}

/** The operator records payment of an offline invoice (DESIGN.md §3). */
export async function markOfflineInvoicePaid(db: DbOrTx, clock: Clock, orderId: number) {
  const order = await findById(db, orderId);
  if (!order) throw new OpsError(`There is no bill #${orderId}.`);
  if (order.status === BillStatus.OfflinePaid) throw new OpsError(`Bill #${orderId} is already paid.`);
  if (order.status === BillStatus.UnPaid) {
    throw new OpsError(
      `Bill #${orderId} is Un-Paid: it was not paid within 14 days and its subscriptions were deactivated. Record the payment with your accounting and sell the customer a new subscription.`,
    );
  }
  if (!OPEN_INVOICE_STATUSES.includes(order.status)) {
    throw new OpsError(
      `Bill #${orderId} is not an offline invoice (status '${billStatusText(order.status)}', ${order.status}); card bills are settled by the gateway.`,
    );
  }
  const updated = await moveStatus(db, orderId, order.status, {
    status: BillStatus.OfflinePaid,
    paidAt: clock.now(),
    nextAttemptAt: null,
  });
  if (!updated) throw new OpsError(`Bill #${orderId} changed meanwhile; run the command again.`);
  return updated;
}
