import { and, asc, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, organizations, type RefundRow, refunds } from '../../db/schema';

// The refunds table's only writer (docs/design.md §3: one module writes each table).

type NewRefund = typeof refunds.$inferInsert;

/** Inserts a refund; its gateway key is derived from its own id, so a retry can never mint another. */
export async function insertRefund(tx: DbOrTx, values: Omit<NewRefund, 'gatewayKey'>): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  const [keyed] = await tx
    .update(refunds)
    .set({ gatewayKey: `refund_${row!.id}` })
    .where(eq(refunds.id, row!.id))
    .returning();
  return keyed!;
}

/**
 * Records a refund the gateway already made on its own (no gateway key: the store never asked for
 * it, so reconcile and the settle job have nothing to ask about it).
 */
export async function insertGatewayMadeRefund(
  tx: DbOrTx,
  values: Omit<NewRefund, 'gatewayKey' | 'status'> & { gatewayRefundId: string },
): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, status: 'succeeded' })
    .returning();
  return row!;
}

/** The bill's refund the gateway knows by this id, or that the store asked for under this key. */
export async function findByGatewayRefund(
  db: DbOrTx,
  orderId: number,
  gatewayRefundId: string,
  gatewayKey: string | null,
): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        gatewayKey
          ? or(eq(refunds.gatewayRefundId, gatewayRefundId), eq(refunds.gatewayKey, gatewayKey))
          : eq(refunds.gatewayRefundId, gatewayRefundId),
      ),
    );
  return row ?? null;
}

export async function findByRequestKey(db: DbOrTx, orderId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.requestKey, requestKey)));
  return row ?? null;
}

export async function findRefund(db: DbOrTx, id: number): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}

/** Money of the bill gone back or on its way (every refund the gateway has not refused). */
export async function refundedCentsOf(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`COALESCE(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return Number(row?.cents ?? 0);
}

export function refundsOfBill(db: DbOrTx, orderId: number) {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}

/** The outcome of a refund still open; null when another process settled it meanwhile. */
export async function finishRefund(
  tx: DbOrTx,
  id: number,
  values: Pick<NewRefund, 'status' | 'gatewayRefundId' | 'failureMessage' | 'refundedAt'>,
): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set(values)
    .where(and(eq(refunds.id, id), inArray(refunds.status, ['started', 'pending'])))
    .returning();
  return row ?? null;
}

/**
 * Refunds whose gateway answer is still open since before `before`: the settle job's work, each with
 * its bill's invoice number, which names the bill in what the job says of it.
 */
export function openRefundsBefore(db: DbOrTx, before: Date) {
  return db
    .select({ refund: refunds, invoiceNumber: orders.invoiceNumber })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(inArray(refunds.status, ['started', 'pending']), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.id))
    .limit(100);
}

/** The organization's credit notes, newest first (Billing History). */
export function creditNotesOf(db: DbOrTx, organizationId: number) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.organizationId, organizationId), isNotNull(refunds.creditNoteNumber)))
    .orderBy(desc(refunds.refundedAt), desc(refunds.id));
}

export async function findCreditNote(db: DbOrTx, organizationId: number, number: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.organizationId, organizationId), eq(refunds.creditNoteNumber, number)));
  return row ?? null;
}

/** Every refund made through the gateway, for reconcile. */
export function gatewayRefunds(db: DbOrTx) {
  return db
    .select({ refund: refunds, invoiceNumber: orders.invoiceNumber })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(isNotNull(refunds.gatewayKey), sql`${refunds.offlineMethod} IS NULL`))
    .orderBy(asc(refunds.id));
}

/** The organization a refund's credit note is addressed to (its billing name and address now). */
export async function organizationOf(db: DbOrTx, organizationId: number) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return org;
}
