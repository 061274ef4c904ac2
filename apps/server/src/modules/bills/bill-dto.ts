import { type Bill, fromCents } from '@store/core';

/**
 * A bill as Billing History lists it (GET /api/order/history), and as its webhook events carry it
 * (docs/design.md §5a): `subscriptionNames` are the names of its subscriptions as they are now.
 */
export const toBillDto = (
  row: { id: number; billingDate: Date; status: number; totalCents: number; invoiceNumber: string | null },
  subscriptionNames: string[],
): Bill => ({
  orderId: row.id,
  billingDate: row.billingDate.toISOString(),
  status: row.status,
  total: fromCents(row.totalCents),
  invoiceNumber: row.invoiceNumber,
  subscriptionNames,
});
