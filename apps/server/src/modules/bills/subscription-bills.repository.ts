import { GIVEN_UP_BILL_STATUSES } from '@store/core';
import { and, eq, inArray, isNotNull, min, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { isOwed } from './owed-bills.repository';

// What the bills of one subscription say about it, for the offline license and for licensing's
// answers (docs/design.md §3, §5).

/** Whether a bill with a line of the subscription meets `condition`. */
async function hasBill(db: DbOrTx, subscriptionId: number, condition: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.subscriptionId, subscriptionId), condition))
    .limit(1);
  return rows.length > 0;
}

/** Whether a bill of the subscription is owed (Enable Offline waits for it); a void charge is not. */
export const hasOutstandingBill = (db: DbOrTx, subscriptionId: number): Promise<boolean> =>
  hasBill(db, subscriptionId, isOwed);

/**
 * The start of the subscription's oldest period whose fee is not paid (a purchase or renewal bill
 * that is outstanding or UnPaid), or null when every period billed is paid: the paid periods end there.
 */
export async function unpaidPeriodStartOf(db: DbOrTx, subscriptionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ start: min(orderLines.periodStart) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.subscriptionId, subscriptionId),
        inArray(orders.kind, ['purchase', 'renewal']),
        isOwed,
      ),
    );
  return row?.start ?? null;
}

/**
 * Whether a bill of the subscription passed its grace unpaid (UnPaid with a due date, or written off
 * and then past its grace: a renewal, overage or invoice the billing engine deactivated it for). A
 * refused checkout or editor charge is UnPaid too but has no due date and stops nothing (docs/design.md §3).
 */
export const hasOverdueUnpaidBill = (db: DbOrTx, subscriptionId: number): Promise<boolean> =>
  hasBill(
    db,
    subscriptionId,
    and(inArray(orders.status, [...GIVEN_UP_BILL_STATUSES]), isNotNull(orders.dueDate)),
  );
