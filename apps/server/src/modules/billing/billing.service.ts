import {
  type Bill,
  type BilledTo,
  BillStatus,
  billedToOf,
  billStatusText,
  formatLongDate,
  formatUsd,
  fromCents,
  OUTSTANDING_BILL_STATUSES,
} from '@store/core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, organizations } from '../../db/schema';

// Reading bills (the history, the invoice, the operator's list); the bills module writes them.

/**
 * What a customer sees as a bill: every order of the organization except a checkout or editor
 * charge the card declined (no subscription came of it, nothing is owed).
 */
const isBill = sql`NOT (${orders.kind} IN ('purchase', 'proration') AND ${orders.status} = ${BillStatus.UnPaid}
  AND ${orders.failureMessage} IS NOT NULL)`;

/** GET /api/order/history: the organization's own bills, newest first. */
export async function listBills(db: DbOrTx, organizationId: number): Promise<Bill[]> {
  const rows = await db
    .select({
      id: orders.id,
      billingDate: orders.billingDate,
      status: orders.status,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), isBill))
    .orderBy(desc(orders.billingDate), desc(orders.id));
  return rows.map((r) => ({
    orderId: r.id,
    billingDate: r.billingDate.toISOString(),
    status: r.status,
    total: fromCents(r.totalCents),
  }));
}

export interface InvoiceData {
  orderId: number;
  kind: string;
  status: number;
  statusText: string;
  billingDate: Date;
  dueDate: Date | null;
  paidAt: Date | null;
  totalCents: number;
  billedTo: BilledTo;
  lines: (typeof orderLines.$inferSelect)[];
}

/** One bill of the organization with its lines, or null (also for another organization's bill). */
export async function findInvoice(
  db: DbOrTx,
  organizationId: number,
  orderId: number,
): Promise<InvoiceData | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organizationId, organizationId), isBill));
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  let billedTo = order.billedTo as BilledTo | null;
  if (!billedTo) {
    // Bills from before billedTo was frozen: the organization's current details.
    const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
    billedTo = billedToOf(org!);
  }
  return {
    orderId: order.id,
    kind: order.kind,
    status: order.status,
    statusText: billStatusText(order.status),
    billingDate: order.billingDate,
    dueDate: order.dueDate,
    paidAt: order.paidAt,
    totalCents: order.totalCents,
    billedTo,
    lines,
  };
}

export interface OutstandingBill {
  orderId: number;
  organizationId: number;
  companyName: string;
  kind: string;
  status: number;
  statusText: string;
  totalCents: number;
  billingDate: Date;
  dueDate: Date | null;
  attempts: number;
  failureMessage: string | null;
}

/** Bills still waiting for money (past-due charges and open invoices), oldest due first. */
export async function listOutstandingBills(db: DbOrTx): Promise<OutstandingBill[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      organizationId: orders.organizationId,
      companyName: organizations.companyName,
      kind: orders.kind,
      status: orders.status,
      totalCents: orders.totalCents,
      billingDate: orders.billingDate,
      dueDate: orders.dueDate,
      attempts: orders.attempts,
      failureMessage: orders.failureMessage,
    })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .where(
      sql`${orders.status} IN (${sql.raw(OUTSTANDING_BILL_STATUSES.filter((s) => s !== BillStatus.ChargePending).join(', '))})`,
    )
    .orderBy(asc(orders.dueDate), asc(orders.id));
  return rows.map((r) => ({ ...r, statusText: billStatusText(r.status) }));
}

export const describeOutstanding = (b: OutstandingBill) =>
  `#${b.orderId}  ${b.companyName} (org ${b.organizationId})  ${b.kind}  ${formatUsd(b.totalCents)}  ${b.statusText}  due ${b.dueDate ? formatLongDate(b.dueDate) : '-'}${b.failureMessage ? `  (${b.failureMessage})` : ''}`;
