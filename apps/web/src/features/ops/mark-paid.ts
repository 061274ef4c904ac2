import { BillStatus, billStatusText, type OpsBillDetail } from '@store/core';

// docs/design.md §3: an invoice is paid outside the gateway and the operator records it. The bill's status
// comes as its label (Billing History's words), so an open invoice is a bill still waiting for money
// that the gateway was never asked for: a card bill is settled by its charge attempts, never by hand.
const WAITING = new Set(
  [BillStatus.OfflineInvoice, BillStatus.OfflinePending, BillStatus.OfflinePastDue].map(billStatusText),
);

export const canMarkPaid = ({ bill, attempts }: Pick<OpsBillDetail, 'bill' | 'attempts'>): boolean =>
  WAITING.has(bill.status) && attempts.every((a) => a.gatewayReference === null);
