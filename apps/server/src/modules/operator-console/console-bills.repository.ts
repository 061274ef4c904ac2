import {
  BillStatus,
  type BillSummary,
  billStatusesOf,
  billStatusText,
  CHARGEABLE_BILL_STATUSES,
  cardBrandName,
  collectionActions,
  fromCents,
  OPEN_INVOICE_STATUSES,
  OPS_BILL_STATUS_LABELS,
  OPS_PAGE_SIZE,
  type OpsBillDetail,
  type OpsBillList,
  type OpsBillsFilter,
  toCardBrand,
  UNPAID_BILL_STATUSES,
} from '@store/core';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
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

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

function conditions(f: OpsBillsFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.filter === 'past-due') where.push(inArray(orders.status, PAST_DUE));
  if (f.filter === 'open-invoices') where.push(inArray(orders.status, [...OPEN_INVOICE_STATUSES]));
  if (f.organizationId !== undefined) where.push(eq(orders.organizationId, f.organizationId));
  if (f.status) where.push(inArray(orders.status, billStatusesOf(OPS_BILL_STATUS_LABELS[f.status])));
  if (f.from) where.push(gte(orders.billingDate, dayStart(f.from)));
  if (f.to) where.push(lt(orders.billingDate, new Date(dayStart(f.to).getTime() + DAY_MS)));
  return where.length ? and(...where) : undefined;
}

/** Past due and open invoices by oldest due date (what to chase first); every bill newest first. */
const orderOf = (f: OpsBillsFilter) =>
  f.filter === 'all' ? [desc(orders.billingDate), desc(orders.id)] : [asc(orders.dueDate), asc(orders.id)];

/** One page of the bills the filters match, and how many match in all. */
export async function listBills(db: DbOrTx, f: OpsBillsFilter, page: number): Promise<OpsBillList> {
  const where = conditions(f);
  const rows = await billsQuery(db)
    .where(where)
    .orderBy(...orderOf(f))
    .limit(OPS_PAGE_SIZE)
    .offset((page - 1) * OPS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { items: rows.map(toBillSummary), page, pageSize: OPS_PAGE_SIZE, total: total?.n ?? 0 };
}

/** Every bill the filters match up to `limit`, in the list's order (the console's export). */
export async function allBills(db: DbOrTx, f: OpsBillsFilter, limit: number): Promise<BillSummary[]> {
  const rows = await billsQuery(db)
    .where(conditions(f))
    .orderBy(...orderOf(f))
    .limit(limit);
  return rows.map(toBillSummary);
}

/** What an organization's unpaid bills come to, and how many there are. */
export async function openBalanceOf(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)`, n: count() })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), inArray(orders.status, [...UNPAID_BILL_STATUSES])));
  return { cents: Number(row?.cents ?? 0), bills: row?.n ?? 0 };
}

/** The card on file in words ('Visa ending in 4242'), 'card on file' without its digits, or null. */
export const cardText = (onFile: boolean, card: { cardBrand: string | null; cardLastFour: string | null }) =>
  onFile && card.cardLastFour
    ? `${cardBrandName(toCardBrand(card.cardBrand))} ending in ${card.cardLastFour}`
    : onFile
      ? 'card on file'
      : null;

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
      card: cardText(cardOnFile, more!),
      paymentReference: more!.paidReference,
      closedReason: more!.closedReason,
      actions: collectionActions({
        orderId,
        invoiceNumber: bill.invoiceNumber,
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
