import type { DbOrTx } from '../../db/client';
import { receiptMail } from '../../mail/billing-mails';
import { enqueueMails } from '../../mail/outbox';
import { adminEmailsOf, paidBillsWithMoney } from './bill-batches.repository';

/**
 * A receipt, the invoice PDF attached, to the admins of each bill just paid (decision 018). Called in
 * the transaction that marks the bills paid, so a bill is receipted exactly when it is paid; a bill
 * of nothing (fully discounted) gets none. A batch's receipts are three statements whatever its size
 * (decision 019): that transaction holds the year's invoice-number counter until it commits.
 */
export async function enqueueReceipts(tx: DbOrTx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const bills = await paidBillsWithMoney(tx, orderIds);
  const admins = await adminEmailsOf(
    tx,
    bills.map((b) => Number(b.organization_id)),
  );
  await enqueueMails(
    tx,
    bills.flatMap((bill) =>
      (admins.get(Number(bill.organization_id)) ?? []).map((address) =>
        receiptMail({
          to: address,
          organizationId: Number(bill.organization_id),
          orderId: Number(bill.id),
          invoiceNumber: bill.invoice_number,
          totalCents: Number(bill.total_cents),
          paidAt: bill.paid_at instanceof Date ? bill.paid_at : new Date(String(bill.paid_at)),
        }),
      ),
    ),
  );
}
