import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { markOfflineInvoicePaid } from '../bills';
import { reissueForPaidRenewals } from '../licensing';

/**
 * An offline invoice paid (the console's Mark paid, `invoice:paid`): the bill becomes Paid with how
 * it was paid, and the offline licenses its renewal extends are reissued.
 */
export async function recordInvoicePayment(
  db: DbOrTx,
  clock: Clock,
  orderId: number,
  reference: string | null,
) {
  const bill = await markOfflineInvoicePaid(db, clock, orderId, reference);
  await reissueForPaidRenewals(db, [bill.id], clock.now());
  return bill;
}
