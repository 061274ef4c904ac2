import { type Bill, BillStatus, fromCents } from '@store/core';
import { orders } from '../../db/schema';

/** The columns of a bill that toBillDto reads: select them, and hand the row over. */
export const billDtoColumns = {
  id: orders.id,
  billingDate: orders.billingDate,
  status: orders.status,
  totalCents: orders.totalCents,
  invoiceNumber: orders.invoiceNumber,
  dueDate: orders.dueDate,
};

/**
 * A bill as Billing History lists it (GET /api/order/history), and as its webhook events carry it
 * (docs/design.md §5a): `subscriptionNames` are the names of its subscriptions as they are now.
 */
export const toBillDto = (
  row: {
    id: number;
    billingDate: Date;
    status: number;
    totalCents: number;
    invoiceNumber: string | null;
    dueDate: Date | null;
  },
  subscriptionNames: string[],
): Bill => ({
  orderId: row.id,
  billingDate: row.billingDate.toISOString(),
  status: row.status,
  total: fromCents(row.totalCents),
  invoiceNumber: row.invoiceNumber,
  // An invoice's due date is its payment terms after its date (docs/decisions/030); a card bill is
  // charged, so the customer has no day of their own to pay it by.
  ...((row.status & BillStatus.Offline) !== 0 && row.dueDate ? { dueDate: row.dueDate.toISOString() } : {}),
  subscriptionNames,
});
