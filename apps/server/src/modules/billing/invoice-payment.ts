import { markOfflineInvoicePaid } from '../bills';
import type { BillingEngineDeps } from './billing-engine';

/**
 * Offline invoices paid (the console's Mark paid, `invoice:paid`): no gateway is involved, so the
 * operator's tool records one without the card processor's configuration.
 */
export function createInvoicePayments(deps: Pick<BillingEngineDeps, 'db' | 'clock' | 'licensing'>) {
  return {
    /** The bill becomes Paid with how it was paid, and the offline licenses its renewal extends are reissued. */
    async recordInvoicePayment(orderId: number, reference: string | null) {
      const bill = await markOfflineInvoicePaid(deps.db, deps.clock, orderId, reference);
      await deps.licensing.reissueForPaidRenewals(deps.db, [bill.id], deps.clock.now());
      return bill;
    },
  };
}
export type InvoicePayments = ReturnType<typeof createInvoicePayments>;
