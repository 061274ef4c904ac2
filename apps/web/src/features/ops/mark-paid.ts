import type { OpsBillDetail } from '@store/core';

// docs/design.md §3: an invoice is paid outside the gateway and the operator records it. Card and
// invoice bills share their status labels (Pending, Past Due), so the server says which bill is an
// open invoice; a card bill is settled by its charge attempts, never by hand.
export const canMarkPaid = ({ bill }: Pick<OpsBillDetail, 'bill'>): boolean => bill.openInvoice;
