import {
  BillStatus,
  type BillSummary,
  billStatusText,
  CHARGEABLE_BILL_STATUSES,
  cardBrandName,
  collectionActions,
  fromCents,
  OPEN_INVOICE_STATUSES,
  OPS_PAGE_SIZE,
  type OpsBillDetail,
  type OpsBillFilter,
  type OpsBillList,
  toCardBrand,
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

/**
 * One bill with its lines, every charge attempt, why the last one failed and when the next is due,
 * the card on file and which collection actions apply (docs/decisions/029); null for no such bill.
 */
export async function billDetail(db: DbOrTx, orderId: number): Promise<OpsBillDetail | null> {
  const [bill] = await billsQuery(db).where(eq(orders.id, orderId));
  if (!bill) return null;
  const [more] = await db
    .select({
      failureMessage: orders.failureMessage,
      attempts: orders.attempts,
      nextAttemptAt: orders.nextAttemptAt,
      paidReference: orders.paidReference,
      closedReason: orders.closedReason,
      paymentMethodId: organizations.paymentMethodId,
      cardBrand: organizations.cardBrand,
      cardLastFour: organizations.cardLastFour,
    })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .where(eq(orders.id, orderId));
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
  const chargeInFlight = attempts.some((a) => a.status === 'started');
  const cardOnFile = Boolean(more!.paymentMethodId);
  return {
    bill: {
      ...toBillSummary(bill),
      byInvoice: (bill.status & BillStatus.Offline) !== 0,
      openInvoice: OPEN_INVOICE_STATUSES.includes(bill.status),
      declineReason: more!.failureMessage,
      // The engine's next retry; while a charge is in flight the date is its lease, not a retry.
      nextRetry:
        CHARGEABLE_BILL_STATUSES.includes(bill.status) && !chargeInFlight
          ? (more!.nextAttemptAt?.toISOString() ?? null)
          : null,
      chargeInFlight,
      card:
        cardOnFile && more!.cardLastFour
          ? `${cardBrandName(toCardBrand(more!.cardBrand))} ending in ${more!.cardLastFour}`
          : cardOnFile
            ? 'card on file'
            : null,
      paymentReference: more!.paidReference,
      closedReason: more!.closedReason,
      actions: collectionActions({
        orderId,
        status: bill.status,
        kind: bill.kind,
        failureMessage: more!.failureMessage,
        attempts: more!.attempts,
        chargeInFlight,
        cardOnFile,
        customer: bill.organizationName,
      }),
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
      // The card processor's words for a decline or an error ('code: message').
      declineCode: a.status === 'declined' || a.status === 'error' ? a.message : null,
      createdAt: a.createdAt.toISOString(),
    })),
    refunds: await listRefundsOfBill(db, orderId),
  };
}
