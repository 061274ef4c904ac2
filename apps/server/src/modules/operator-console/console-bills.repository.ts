import {
  BillStatus,
  type BillSummary,
  billStatusText,
  fromCents,
  OPEN_INVOICE_STATUSES,
  OPS_PAGE_SIZE,
  type OpsBillDetail,
  type OpsBillFilter,
  type OpsBillList,
} from '@store/core';
import { asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, organizations, paymentAttempts } from '../../db/schema';
import { listRefundsOfBill } from '../refunds';

// What the console reads of bills (the operator API contract, "Bills"). Reading only: the bills
// module stays the one writer of orders, lines and attempts.

const PAST_DUE = [BillStatus.ChargePastDue, BillStatus.OfflinePastDue];

const summaryColumns = {
  orderId: orders.id,
  organizationId: orders.organizationId,
  organizationName: organizations.companyName,
  kind: orders.kind,
  status: orders.status,
  totalCents: orders.totalCents,
  billingDate: orders.billingDate,
  dueDate: orders.dueDate,
  invoiceNumber: orders.invoiceNumber,
};

interface SummaryRow {
  orderId: number;
  organizationId: number;
  organizationName: string;
  kind: string;
  status: number;
  totalCents: number;
  billingDate: Date;
  dueDate: Date | null;
  invoiceNumber: string | null;
}

export const toBillSummary = (r: SummaryRow): BillSummary => ({
  orderId: r.orderId,
  organizationId: r.organizationId,
  organizationName: r.organizationName,
  kind: r.kind,
  status: billStatusText(r.status),
  total: fromCents(r.totalCents),
  billDate: r.billingDate.toISOString(),
  dueDate: r.dueDate?.toISOString() ?? null,
  // Taken when the bill is issued (docs/decisions/016).
  invoiceNumber: r.invoiceNumber,
});

const billsQuery = (db: DbOrTx) =>
  db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId));

function filterOf(filter: OpsBillFilter): SQL | undefined {
  if (filter === 'past-due') return inArray(orders.status, PAST_DUE);
  if (filter === 'open-invoices') return inArray(orders.status, [...OPEN_INVOICE_STATUSES]);
  return undefined;
}

/** Past due (oldest due first), open invoices (oldest due first) or every bill (newest first). */
export async function listBills(db: DbOrTx, filter: OpsBillFilter, page: number): Promise<OpsBillList> {
  const where = filterOf(filter);
  const order =
    filter === 'all' ? [desc(orders.billingDate), desc(orders.id)] : [asc(orders.dueDate), asc(orders.id)];
  const rows = await billsQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(OPS_PAGE_SIZE)
    .offset((page - 1) * OPS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { items: rows.map(toBillSummary), page, pageSize: OPS_PAGE_SIZE, total: total?.n ?? 0 };
}

/** An organization's bills, newest first (the organization's detail). */
export async function billsOf(db: DbOrTx, organizationId: number, limit = 50): Promise<BillSummary[]> {
  const rows = await billsQuery(db)
    .where(eq(orders.organizationId, organizationId))
    .orderBy(desc(orders.billingDate), desc(orders.id))
    .limit(limit);
  return rows.map(toBillSummary);
}

/** One bill with its lines and every charge attempt; null when there is no such bill. */
export async function billDetail(db: DbOrTx, orderId: number): Promise<OpsBillDetail | null> {
  const [bill] = await billsQuery(db).where(eq(orders.id, orderId));
  if (!bill) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
  return {
    bill: {
      ...toBillSummary(bill),
      byInvoice: (bill.status & BillStatus.Offline) !== 0,
      openInvoice: OPEN_INVOICE_STATUSES.includes(bill.status),
      lines: lines.map((l) => ({
        description: l.description,
        subscriptionId: l.subscriptionId,
        amount: fromCents(l.amountCents),
      })),
    },
    attempts: attempts.map((a) => ({
      attemptId: a.id,
      status: a.status,
      amount: fromCents(a.amountCents),
      gatewayReference: a.gatewayChargeId,
      declineCode: a.status === 'declined' ? a.message : null,
      createdAt: a.createdAt.toISOString(),
    })),
    refunds: await listRefundsOfBill(db, orderId),
  };
}
