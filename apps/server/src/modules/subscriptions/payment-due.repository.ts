import { BillStatus } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// The Subscriptions row of an unpaid subscription (docs/decisions/042): the day its past-due card bill
// must be paid by for the license to keep running. Read here; the bills module alone writes bills.

/** Of the organization's own subscriptions, those with a declined renewal or overage bill, and its due date. */
export async function paymentDueDates(db: DbOrTx, organizationId: number): Promise<Map<number, Date>> {
  const rows = await queryRows<{ subscription_id: number; due: unknown }>(
    db,
    sql`SELECT l.subscription_id, min(o.due_date) AS due
      FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.organization_id = ${organizationId} AND o.status = ${BillStatus.ChargePastDue}
        AND o.kind IN ('renewal', 'overage') AND o.due_date IS NOT NULL AND l.subscription_id IS NOT NULL
      GROUP BY l.subscription_id`,
  );
  return new Map(
    rows.map((r) => [Number(r.subscription_id), r.due instanceof Date ? r.due : new Date(String(r.due))]),
  );
}
