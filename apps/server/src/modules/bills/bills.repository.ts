import { type Bill, BillStatus } from '@store/core';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
  orderLines,
  orders,
  organizations,
  type PaymentAttemptRow,
  paymentAttempts,
  subscriptions,
} from '../../db/schema';
import { billDtoColumns, toBillDto } from './bill-dto';

// One bill at a time, in Drizzle's query builder: checkout, the editor's proration, the operator's
// invoice payment. The engine's bulk statements are in bill-batches.repository.ts.

export async function findByKey(db: DbOrTx, organizationId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function findById(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** Row lock: a request and the settling job never both settle one bill. */
export async function lockBill(tx: Tx, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/** Inserts a bill; null when the organization already has one with this idempotency key. */
export async function insertBill(tx: DbOrTx, values: NewOrder): Promise<OrderRow | null> {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: [orders.organizationId, orders.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function insertLines(tx: DbOrTx, orderId: number, lines: Omit<NewOrderLine, 'orderId'>[]) {
  if (lines.length === 0) return;
  await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId })));
}

export async function startAttempt(
  tx: DbOrTx,
  values: { orderId: number; gatewayKey: string; amountCents: number; createdAt: Date },
): Promise<void> {
  await tx
    .insert(paymentAttempts)
    .values({ ...values, status: 'started' })
    .onConflictDoNothing({ target: paymentAttempts.gatewayKey });
}

export async function finishAttempt(
  tx: DbOrTx,
  gatewayKey: string,
  values: { status: string; gatewayChargeId?: string | null; message?: string | null },
): Promise<void> {
  await tx.update(paymentAttempts).set(values).where(eq(paymentAttempts.gatewayKey, gatewayKey));
}

/** A charge still processing: its PaymentIntent id, to look it up by later (the attempt stays open). */
export async function noteChargeId(tx: DbOrTx, gatewayKey: string, chargeId: string): Promise<void> {
  await tx
    .update(paymentAttempts)
    .set({ gatewayChargeId: chargeId })
    .where(and(eq(paymentAttempts.gatewayKey, gatewayKey), eq(paymentAttempts.status, 'started')));
}

export async function attemptOf(db: DbOrTx, gatewayKey: string): Promise<PaymentAttemptRow | null> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.gatewayKey, gatewayKey));
  return row ?? null;
}

export async function updateBill(
  tx: DbOrTx,
  id: number,
  values: Partial<NewOrder>,
): Promise<OrderRow | null> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row ?? null;
}

/** Sets a bill's status only if it is still `from` (a concurrent change wins; the caller reports it). */
export async function moveStatus(tx: DbOrTx, id: number, from: number, values: Partial<NewOrder>) {
  const [row] = await tx
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row ?? null;
}

export type BillWithLine = NewOrder & { line: Omit<NewOrderLine, 'orderId'> };

/**
 * Bills of one line each, already settled or issued (the demo's history, a proration's invoice): two
 * statements; their ids and the invoice numbers the insert gave the issued ones, in order.
 */
export async function insertBillsWithLines(
  tx: DbOrTx,
  bills: BillWithLine[],
): Promise<{ id: number; invoiceNumber: string | null }[]> {
  if (bills.length === 0) return [];
  const inserted = await tx
    .insert(orders)
    .values(bills.map(({ line: _line, ...bill }) => bill))
    .returning({ id: orders.id, invoiceNumber: orders.invoiceNumber });
  await tx.insert(orderLines).values(bills.map((b, i) => ({ ...b.line, orderId: inserted[i]!.id })));
  return inserted;
}

/** The charges that paid already settled bills (the demo's history, charged through its sandbox). */
export async function insertPaidAttempts(
  tx: DbOrTx,
  rows: {
    orderId: number;
    gatewayKey: string;
    amountCents: number;
    createdAt: Date;
    gatewayChargeId: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(paymentAttempts).values(rows.map((r) => ({ ...r, status: 'succeeded' })));
}

/** The subscriptions a bill's lines name, in line order (a replayed checkout answers with them). */
export function subscriptionsOf(db: DbOrTx, orderId: number) {
  return db
    .select({ subscriptionId: subscriptions.id, description: subscriptions.description })
    .from(orderLines)
    .innerJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

/**
 * Whether an editor change's charge of this subscription still awaits its outcome: until it is
 * settled, other changes and the renewal leave the subscription alone (docs/design.md §3).
 */
export async function hasChargeInFlight(db: DbOrTx, subscriptionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.subscriptionId, subscriptionId),
        eq(orders.kind, 'proration'),
        eq(orders.status, BillStatus.ChargePending),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Checkout and editor charges still pending since before `before`: the settle job's work. */
export function pendingChargesBefore(db: DbOrTx, kinds: string[], before: Date) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.kind, kinds),
        eq(orders.status, BillStatus.ChargePending),
        lt(orders.billingDate, before),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(100);
}

/** The gateway's id of the charge that paid a card bill (what a refund returns money of), or null. */
export async function paidChargeOf(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ chargeId: paymentAttempts.gatewayChargeId })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'succeeded')))
    .limit(1);
  return row?.chargeId ?? null;
}

/** The gateway customer a bill's organization is charged as (the gateway lists its charges by it). */
export async function gatewayCustomerOf(db: DbOrTx, organizationId: number) {
  const [org] = await db
    .select({ customerId: organizations.gatewayCustomerId })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

/** These bills as Billing History lists them (toBillDto), by id: two reads. */
export async function listedBills(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Bill>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(billDtoColumns)
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  const name = sql<string>`COALESCE(${subscriptions.description}, ${orderLines.description})`;
  const names = await db
    .selectDistinct({ orderId: orderLines.orderId, name })
    .from(orderLines)
    .leftJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
    .where(inArray(orderLines.orderId, [...ids]))
    .orderBy(asc(orderLines.orderId), asc(name));
  const namesOf = new Map<number, string[]>();
  for (const r of names) namesOf.set(r.orderId, [...(namesOf.get(r.orderId) ?? []), r.name]);
  return new Map(rows.map((r) => [r.id, toBillDto(r, namesOf.get(r.id) ?? [])]));
}
