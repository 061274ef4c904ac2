import {
  type Bill,
  type BilledTo,
  BillStatus,
  billedToOf,
  billStatusText,
  fromCents,
  OUTSTANDING_BILL_STATUSES,
} from '@store/core';
import { and, asc, desc, eq, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, organizations, subscriptions } from '../../db/schema';
import { billDtoColumns, isVoidCardCharge, toBillDto } from '../bills';
import { creditNotesOf } from '../refunds';

// The SQL that reads bills for people (the history, the invoice, the operator's list); the bills module writes them.

/** What a customer sees as a bill: every order of the organization except a void card charge. */
const isBill = not(isVoidCardCharge);

/**
 * GET /api/order/history: the organization's own bills and credit notes, newest first. A credit
 * note is a row of its own (docs/design.md §3): dated the day of its refund, its total negative, its
 * status that of the bill it refunds (which stays as it was paid).
 */
export async function listBills(db: DbOrTx, organizationId: number): Promise<Bill[]> {
  const rows = await db
    .select(billDtoColumns)
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), isBill))
    .orderBy(desc(orders.billingDate), desc(orders.id));
  const namesOf = await subscriptionNamesOfBills(db, organizationId);
  const bills: (Bill & { at: number })[] = rows.map((r) => ({
    ...toBillDto(r, namesOf.get(r.id) ?? []),
    at: r.billingDate.getTime(),
  }));
  const statusOf = new Map(rows.map((r) => [r.id, r.status]));
  for (const note of await creditNotesOf(db, organizationId)) {
    bills.push({
      orderId: note.orderId,
      billingDate: note.refundedAt!.toISOString(),
      status: statusOf.get(note.orderId) ?? BillStatus.ChargePaid,
      total: -fromCents(note.amountCents),
      creditNoteNumber: note.creditNoteNumber!,
      subscriptionNames: namesOf.get(note.orderId) ?? [],
      at: note.refundedAt!.getTime(),
    });
  }
  // Stable: bills keep their order among themselves, a credit note comes before a bill of its day.
  return bills
    .map((b, i) => ({ b, i }))
    .sort(
      (x, y) =>
        y.b.at - x.b.at ||
        Number(Boolean(y.b.creditNoteNumber)) - Number(Boolean(x.b.creditNoteNumber)) ||
        x.i - y.i,
    )
    .map(({ b: { at: _at, ...bill } }) => bill);
}

/**
 * Each bill's subscriptions by their names of today, in one query for the whole history; a line of
 * no subscription (one since removed) is named by its own description.
 */
async function subscriptionNamesOfBills(db: DbOrTx, organizationId: number): Promise<Map<number, string[]>> {
  const name = sql<string>`COALESCE(${subscriptions.description}, ${orderLines.description})`;
  const rows = await db
    .selectDistinct({ orderId: orderLines.orderId, name })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
    .where(eq(orders.organizationId, organizationId))
    .orderBy(asc(orderLines.orderId), asc(name));
  const names = new Map<number, string[]>();
  for (const r of rows) names.set(r.orderId, [...(names.get(r.orderId) ?? []), r.name]);
  return names;
}

export interface InvoiceData {
  orderId: number;
  invoiceNumber: string | null;
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
  // The bill and its lines in one round trip (every receipt mail renders its invoice when it is sent).
  const rows = await db
    .select({ order: orders, line: orderLines })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.organizationId, organizationId), isBill))
    .orderBy(asc(orderLines.id));
  const order = rows[0]?.order;
  if (!order) return null;
  const lines = rows.flatMap((r) => (r.line ? [r.line] : []));
  let billedTo = order.billedTo as BilledTo | null;
  if (!billedTo) {
    // Bills from before billedTo was frozen: the organization's current details.
    const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
    billedTo = billedToOf(org!);
  }
  if (billedTo.taxId === undefined) {
    // Bills frozen before tax ids were kept: the organization's tax id as it stands.
    const [org] = await db
      .select({ taxId: organizations.taxId })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    billedTo = { ...billedTo, taxId: org?.taxId ?? null };
  }
  return {
    orderId: order.id,
    invoiceNumber: order.invoiceNumber,
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
