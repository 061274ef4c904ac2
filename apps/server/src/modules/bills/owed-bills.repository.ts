import { BillStatus, UNPAID_PERIOD_BILL_STATUSES } from '@store/core';
import { and, inArray, not, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';

// Which bills are owed, in one place (docs/design.md §3): every reader of "is anything unpaid" and
// Billing History agree on the bills that are void.

/**
 * A checkout or editor charge the card refused, or that was abandoned: void. Nothing is owed, no
 * subscription or change came of it; it is left out of Billing History and cannot be paid.
 */
export const isVoidCardCharge = sql`(${orders.kind} IN ('purchase', 'proration')
  AND ${orders.status} = ${BillStatus.UnPaid} AND ${orders.failureMessage} IS NOT NULL)`;

/**
 * A bill still expecting money, past its grace unpaid, or written off (its period is not paid for);
 * never a void one.
 */
export const isOwed = and(inArray(orders.status, [...UNPAID_PERIOD_BILL_STATUSES]), not(isVoidCardCharge));
