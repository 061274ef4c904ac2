import { GIVEN_UP_BILL_STATUSES } from '@store/core';
import { and, eq, inArray, isNotNull, ne, not, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orderLines, orders, subscriptions } from '../../db/schema';
import type { SubscriptionRow } from '../../db/schema/rows';

// Subscriptions the billing engine deactivated for a bill given up at the end of its grace, once
// that bill is settled late (paid or voided; docs/decisions/029).

/**
 * The subscriptions on the bill's lines that were deactivated for an unpaid bill (inactive since the
 * end of the grace of a bill of theirs, the date deactivateForUnpaidBills sets; two bills given up at once
 * leave the earlier date), locked. One a cancellation or a refund ended is not.
 */
export async function lockDeactivatedFor(tx: Tx, orderId: number): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(
          subscriptions.id,
          tx
            .select({ id: orderLines.subscriptionId })
            .from(orderLines)
            .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.subscriptionId))),
        ),
        not(subscriptions.isActive),
        sql`EXISTS (SELECT 1 FROM order_lines l JOIN orders b ON b.id = l.order_id
          WHERE l.subscription_id = ${subscriptions.id}
            AND COALESCE(b.grace_ends_at, b.due_date) = ${subscriptions.deactivateDate})`,
      ),
    )
    .orderBy(subscriptions.id)
    .for('update');
}

/** Another bill of the subscription still given up unpaid (it keeps the subscription ended), or null. */
export async function otherGivenUpBill(
  tx: Tx,
  subscriptionId: number,
  orderId: number,
): Promise<{ orderId: number; invoiceNumber: string | null } | null> {
  const [row] = await tx
    .select({ orderId: orders.id, invoiceNumber: orders.invoiceNumber })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.subscriptionId, subscriptionId),
        ne(orders.id, orderId),
        inArray(orders.status, [...GIVEN_UP_BILL_STATUSES]),
        isNotNull(orders.dueDate),
      ),
    )
    .orderBy(orders.id)
    .limit(1);
  return row ?? null;
}

/** Active again, as before its deactivation: renewed at its next billing date as usual. */
export async function reactivate(tx: Tx, s: SubscriptionRow): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ isActive: true, deactivateDate: null, version: s.version + 1 })
    .where(eq(subscriptions.id, s.id))
    .returning();
  return row!;
}

/** Of these bills, those with a due date and an inactive subscription on a line: the few to look at. */
export function billsWithInactiveSubscriptions(
  db: DbOrTx,
  orderIds: number[],
): Promise<{ id: number; dueDate: Date | null }[]> {
  return db
    .selectDistinct({ id: orders.id, dueDate: orders.dueDate })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
    .where(and(inArray(orderLines.orderId, orderIds), not(subscriptions.isActive), isNotNull(orders.dueDate)))
    .orderBy(orders.id);
}
