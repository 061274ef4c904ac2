import { UNPAID_BILL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { isVoidCardCharge } from '../bills';

// What the console's dashboard reads (docs/decisions/028). Reading only, across tables other modules
// write: subscriptions and plans (subscriptions, catalog), organizations' discounts (accounts), bills,
// their lines and charge attempts (bills).

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A subscription billed by cycle, with the terms in force and those its next renewal takes. */
export interface BilledSubscriptionRow {
  id: number;
  billing_mode: number;
  billing_mode_discount_bp: number;
  number_machines: number;
  xtra_auto_tags: number;
  is_active: boolean;
  deactivate_date: Date | string | null;
  created_at: Date | string;
  next_base_billing_date: Date | string | null;
  product: number;
  monthly_fee_cents: number;
  xtra_auto_tag_per_month_cents: number;
  renewal_number_machines: number;
  renewal_xtra_auto_tags: number;
  renewal_product: number;
  renewal_monthly_fee_cents: number;
  renewal_xtra_auto_tag_per_month_cents: number;
  org_discount_bp: number;
  /** Its purchase's period start; null for one the store did not sell (imported, or made by a test). */
  purchased_at: Date | string | null;
}

/**
 * Subscriptions billed monthly, quarterly or annually (never perpetual licenses or NoBill) that run
 * or ran after `since`: the rest cannot count this month.
 */
export function billedSubscriptions(
  db: DbOrTx,
  since: Date,
  organizationId?: number,
): Promise<BilledSubscriptionRow[]> {
  return queryRows<BilledSubscriptionRow>(
    db,
    sql`SELECT s.id, s.billing_mode, s.billing_mode_discount_bp, s.number_machines, s.xtra_auto_tags,
          s.is_active, s.deactivate_date, s.created_at, s.next_base_billing_date,
          p.product, p.monthly_fee_cents, p.xtra_auto_tag_per_month_cents,
          COALESCE(s.pending_number_machines, s.number_machines) AS renewal_number_machines,
          COALESCE(s.pending_xtra_auto_tags, s.xtra_auto_tags) AS renewal_xtra_auto_tags,
          rp.product AS renewal_product, rp.monthly_fee_cents AS renewal_monthly_fee_cents,
          rp.xtra_auto_tag_per_month_cents AS renewal_xtra_auto_tag_per_month_cents,
          o.discount_bp AS org_discount_bp, bought.purchased_at
        FROM subscriptions s
        JOIN pricing_plans p ON p.id = s.pricing_plan_id
        JOIN pricing_plans rp ON rp.id = COALESCE(s.pending_pricing_plan_id, s.pricing_plan_id)
        JOIN organizations o ON o.id = s.organization_id
        LEFT JOIN (SELECT l.subscription_id, min(l.period_start) AS purchased_at
                   FROM order_lines l JOIN orders b ON b.id = l.order_id
                   WHERE b.kind = 'purchase' AND l.subscription_id IS NOT NULL
                   GROUP BY l.subscription_id) bought ON bought.subscription_id = s.id
        WHERE s.billing_mode IN (1, 2, 3) AND NOT s.is_perpetual_license
          AND (s.deactivate_date > ${ts(since)} OR (s.deactivate_date IS NULL AND s.is_active))
          ${organizationId === undefined ? sql`` : sql`AND s.organization_id = ${organizationId}`}`,
  );
}

/**
 * What each subscription's period running at `at` was billed, per cycle: the line of its purchase or
 * renewal whose period started last by then. A small amount carried into that bill is a later line
 * of the same subscription and period, so the period's first line is its own.
 */
export async function billedCycleAt(
  db: DbOrTx,
  at: Date,
): Promise<Map<number, { amountCents: number; billingMode: number }>> {
  const rows = await queryRows<{
    subscription_id: number;
    amount_cents: number;
    billing_mode: number | null;
  }>(
    db,
    sql`SELECT DISTINCT ON (l.subscription_id) l.subscription_id, l.amount_cents, l.billing_mode
        FROM order_lines l JOIN orders b ON b.id = l.order_id
        WHERE b.kind IN ('purchase', 'renewal') AND l.subscription_id IS NOT NULL
          AND l.period_start <= ${ts(at)}
        ORDER BY l.subscription_id, l.period_start DESC, l.order_id DESC, l.id ASC`,
  );
  const byId = new Map<number, { amountCents: number; billingMode: number }>();
  for (const r of rows) {
    if (r.billing_mode === null) continue;
    byId.set(Number(r.subscription_id), {
      amountCents: Number(r.amount_cents),
      billingMode: Number(r.billing_mode),
    });
  }
  return byId;
}

/** A bill still owed: core's unpaid statuses, never a checkout or editor charge the card refused (void). */
const owed = sql`(orders.status IN (${list(UNPAID_BILL_STATUSES)}) AND NOT ${isVoidCardCharge})`;

/** Bills still owed: their totals and due dates (none for a card charge being settled). */
export function unpaidBills(db: DbOrTx) {
  return queryRows<{ total_cents: number; due_date: Date | string | null }>(
    db,
    sql`SELECT total_cents, due_date FROM orders WHERE ${owed}`,
  );
}

/** Charge attempts the gateway declined in [from, to], with their bill's total and whether it is still owed. */
export function declinedAttempts(db: DbOrTx, from: Date, to: Date) {
  return queryRows<{ order_id: number; total_cents: number; owed: boolean }>(
    db,
    sql`SELECT a.order_id, orders.total_cents, ${owed} AS owed
        FROM payment_attempts a JOIN orders ON orders.id = a.order_id
        WHERE a.status = 'declined' AND a.created_at >= ${ts(from)} AND a.created_at <= ${ts(to)}`,
  );
}
