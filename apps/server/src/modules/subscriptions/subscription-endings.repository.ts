import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// Subscriptions that end: cancelled ones at their date, and those deactivated for an UnPaid bill.

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown): number => Number(v);

/** A subscription that ended: its id and its owner's. */
export interface Ended {
  id: number;
  organizationId: number;
}

const ended = (rows: { id: number; organization_id: number }[]): Ended[] =>
  rows.map((r) => ({ id: num(r.id), organizationId: num(r.organization_id) }));

/** Cancelled subscriptions end at their deactivateDate (docs/design.md §3: access lasts until then). */
export async function endCancelledSubscriptions(db: DbOrTx, now: Date): Promise<Ended[]> {
  const result = await queryRows<{ id: number; organization_id: number }>(
    db,
    sql`UPDATE subscriptions SET is_active = false, version = version + 1
      WHERE is_active AND deactivate_date IS NOT NULL AND deactivate_date <= ${ts(now)}
      RETURNING id, organization_id`,
  );
  return ended(result);
}

/** Each subscription on these UnPaid bills is deactivated as of the end of the bill's grace. */
export async function deactivateForUnpaidBills(
  tx: DbOrTx,
  bills: { id: number; graceEndsAt: Date }[],
): Promise<Ended[]> {
  if (bills.length === 0) return [];
  const payload = JSON.stringify(bills.map((b) => ({ id: b.id, due: b.graceEndsAt.toISOString() })));
  const deactivated = await queryRows<{ id: number; organization_id: number }>(
    tx,
    sql`UPDATE subscriptions s SET is_active = false,
        deactivate_date = LEAST(COALESCE(s.deactivate_date, x.due), x.due), version = s.version + 1
      FROM (SELECT l.subscription_id, min(v.due) AS due
            FROM json_to_recordset(${payload}::json) AS v(id int, due timestamptz)
            JOIN order_lines l ON l.order_id = v.id WHERE l.subscription_id IS NOT NULL
            GROUP BY l.subscription_id) x
      WHERE s.id = x.subscription_id AND s.is_active
      RETURNING s.id, s.organization_id`,
  );
  return ended(deactivated);
}

/**
 * A full refund of a subscription's current period ends it now (docs/decisions/016): the
 * subscriptions on the bill's lines whose period has not ended; their ids.
 */
export async function endRefundedSubscriptions(tx: DbOrTx, orderId: number, now: Date): Promise<Ended[]> {
  const result = await queryRows<{ id: number; organization_id: number }>(
    tx,
    sql`UPDATE subscriptions s SET is_active = false, deactivate_date = ${ts(now)}, version = s.version + 1
      FROM order_lines l
      WHERE l.order_id = ${orderId} AND l.subscription_id = s.id AND s.is_active
        AND (l.period_end IS NULL OR l.period_end > ${ts(now)})
      RETURNING s.id, s.organization_id`,
  );
  return ended(result);
}

/** Whether the bill pays a period of a subscription that is still running (what a refund could end). */
export async function billCoversRunningPeriod(db: DbOrTx, orderId: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT s.id FROM order_lines l JOIN subscriptions s ON s.id = l.subscription_id
      WHERE l.order_id = ${orderId} AND s.is_active AND (l.period_end IS NULL OR l.period_end > ${ts(now)})
      LIMIT 1`,
  );
  return rows.length > 0;
}
