import { BillStatus, type CollectionFacts } from '@store/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { type OrderRow, orders, organizations, paymentAttempts } from '../../db/schema';

// The operator's collection actions' SQL (bill-collection.ts): a bill locked with what the rule reads
// of it, and the bill made due for a charge now.

/** The bill under its row lock with the facts core's collection rule reads; null for no such bill. */
export async function lockCollectionFacts(
  tx: Tx,
  orderId: number,
): Promise<{ order: OrderRow; facts: CollectionFacts } | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return null;
  // Read after the lock, in a statement of its own: it sees an attempt a claim committed meanwhile.
  const [open] = await tx
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'started')))
    .limit(1);
  const [org] = await tx
    .select({ companyName: organizations.companyName, paymentMethodId: organizations.paymentMethodId })
    .from(organizations)
    .where(eq(organizations.id, order.organizationId));
  return {
    order,
    facts: {
      orderId,
      invoiceNumber: order.invoiceNumber,
      status: order.status,
      kind: order.kind,
      failureMessage: order.failureMessage,
      attempts: order.attempts,
      chargeInFlight: open !== undefined,
      cardOnFile: Boolean(org?.paymentMethodId),
      customer: org?.companyName ?? '',
    },
  };
}

/**
 * The locked bill made due for a charge at once, as a card update makes past-due bills due
 * (makePastDueBillsDue); one given up after its grace is past due again for this charge.
 */
export async function makeBillDueNow(tx: DbOrTx, order: OrderRow, now: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      status: order.status === BillStatus.UnPaid ? BillStatus.ChargePastDue : order.status,
      nextAttemptAt: now,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  return row ?? null;
}

/** The bill given up again (its charge now was declined): UnPaid, never retried. */
export async function giveUpAgain(tx: DbOrTx, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: BillStatus.UnPaid, nextAttemptAt: null })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, BillStatus.ChargePastDue),
        sql`NOT EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.order_id = ${orders.id} AND pa.status = 'started')`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The bill's newest charge attempt, or null. */
export async function latestAttempt(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  return row ?? null;
}
