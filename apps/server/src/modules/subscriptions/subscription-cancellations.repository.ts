import type { CancellationAnswer, CancellationReason } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { subscriptionCancellations } from '../../db/schema';

// Customers' cancellations and why (docs/decisions/035); only this module writes the table.

export async function recordCancellation(
  tx: DbOrTx,
  row: { subscriptionId: number; pricingPlanId: number; cancelledAt: Date } & CancellationAnswer,
): Promise<void> {
  await tx.insert(subscriptionCancellations).values(row);
}

export interface CancellationRow {
  month: string;
  pricingPlanId: number;
  productName: string;
  planName: string;
  subscriptionId: number;
  cancelledAt: Date;
  reason: CancellationReason | null;
  comment: string | null;
}

/** Every cancellation since `from`, with its month (UTC) and plan, newest first. */
export async function cancellationsSince(db: DbOrTx, from: Date): Promise<CancellationRow[]> {
  const rows = await queryRows<{
    month: string;
    pricing_plan_id: number;
    product_name: string | null;
    plan_name: string;
    subscription_id: number;
    cancelled_at: Date | string;
    reason: CancellationReason | null;
    comment: string | null;
  }>(
    db,
    sql`SELECT to_char(c.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, c.pricing_plan_id,
        pr.name AS product_name, p.plan_name, c.subscription_id, c.cancelled_at, c.reason, c.comment
      FROM subscription_cancellations c
      JOIN pricing_plans p ON p.id = c.pricing_plan_id
      LEFT JOIN products pr ON pr.product = p.product
      WHERE c.cancelled_at >= ${from.toISOString()}::timestamptz
      ORDER BY c.cancelled_at DESC, c.id DESC`,
  );
  return rows.map((r) => ({
    month: r.month,
    pricingPlanId: Number(r.pricing_plan_id),
    productName: r.product_name ?? '',
    planName: r.plan_name,
    subscriptionId: Number(r.subscription_id),
    cancelledAt: new Date(r.cancelled_at),
    reason: r.reason,
    comment: r.comment,
  }));
}
