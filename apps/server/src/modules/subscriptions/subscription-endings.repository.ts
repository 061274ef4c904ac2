import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// Subscriptions that end: cancelled ones at their date, and those deactivated for an UnPaid bill.

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown): number => Number(v);

/** Cancelled subscriptions end at their deactivateDate (DESIGN.md §3: access lasts until then). */
export async function endCancelledSubscriptions(db: DbOrTx, now: Date): Promise<number> {
  const result = await queryRows<{ id: number }>(
    db,
    sql`UPDATE subscriptions SET is_active = false, version = version + 1
      WHERE is_active AND deactivate_date IS NOT NULL AND deactivate_date <= ${ts(now)} RETURNING id`,
  );
  return result.length;
}

/** Each subscription on these UnPaid bills is deactivated as of the bill's due date. */
export async function deactivateForUnpaidBills(
  tx: DbOrTx,
  bills: { id: number; dueDate: Date }[],
): Promise<number[]> {
  if (bills.length === 0) return [];
  const payload = JSON.stringify(bills.map((b) => ({ id: b.id, due: b.dueDate.toISOString() })));
  const deactivated = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE subscriptions s SET is_active = false,
        deactivate_date = LEAST(COALESCE(s.deactivate_date, x.due), x.due), version = s.version + 1
      FROM (SELECT l.subscription_id, min(v.due) AS due
            FROM json_to_recordset(${payload}::json) AS v(id int, due timestamptz)
            JOIN order_lines l ON l.order_id = v.id WHERE l.subscription_id IS NOT NULL
            GROUP BY l.subscription_id) x
      WHERE s.id = x.subscription_id AND s.is_active
      RETURNING s.id`,
  );
  return deactivated.map((r) => num(r.id));
}
