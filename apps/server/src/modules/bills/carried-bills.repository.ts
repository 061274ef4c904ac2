import { CARRIED_STATUS, CARRY_PENDING_STATUS, WRITTEN_OFF_NOTE } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// Small scheduled bills the gateway would refuse (core's smallAmountOutcome, docs/design.md §3): each
// waits, neither outstanding nor chargeable, to become a line of its subscription's next bill, or
// is written off when the subscription ends first.

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface CarriedBill {
  orderId: number;
  amountCents: number;
}

/** The small bills waiting for each of these subscriptions' next bill, oldest first. Locks them. */
export async function carriesOf(tx: DbOrTx, subscriptionIds: number[]): Promise<Map<number, CarriedBill[]>> {
  const bySub = new Map<number, CarriedBill[]>();
  if (subscriptionIds.length === 0) return bySub;
  const rows = await queryRows<{ id: number; total_cents: number; subscription_id: number }>(
    tx,
    sql`SELECT o.id, o.total_cents, l.subscription_id FROM orders o
      JOIN order_lines l ON l.order_id = o.id
      WHERE o.status = ${CARRY_PENDING_STATUS} AND l.subscription_id IN (${list(subscriptionIds)})
      ORDER BY o.id FOR UPDATE OF o`,
  );
  for (const r of rows) {
    const subId = Number(r.subscription_id);
    const carried = bySub.get(subId) ?? [];
    carried.push({ orderId: Number(r.id), amountCents: Number(r.total_cents) });
    bySub.set(subId, carried);
  }
  return bySub;
}

/** The small bills are now lines of another bill: paid by it. */
export async function markCarried(tx: DbOrTx, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`UPDATE orders SET status = ${CARRIED_STATUS}, paid_at = ${ts(now)}, next_attempt_at = NULL
    WHERE id IN (${list(orderIds)}) AND status = ${CARRY_PENDING_STATUS}`);
}

/** Small bills whose subscription ended before a next bill took them are written off. */
export async function writeOffEndedCarries(db: DbOrTx, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders o SET status = ${CARRIED_STATUS}, paid_at = ${ts(now)}, next_attempt_at = NULL
      FROM order_lines l JOIN subscriptions s ON s.id = l.subscription_id
      WHERE l.order_id = o.id AND o.status = ${CARRY_PENDING_STATUS} AND NOT s.is_active
      RETURNING o.id`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length > 0) {
    await db.execute(sql`UPDATE order_lines SET description = description || ${WRITTEN_OFF_NOTE}
      WHERE order_id IN (${list(ids)})`);
  }
  return ids.length;
}
