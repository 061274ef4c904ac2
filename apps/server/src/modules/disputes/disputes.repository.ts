import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// Disputes (docs/design.md §3: records beside the immutable bill): the one module that writes them.

export interface NewDispute {
  id: string;
  chargeId: string;
  paymentIntentId: string | null;
  amountCents: number;
  reason: string;
  status: string;
}

/** The bill a PaymentIntent paid, found by the attempt that made it; null when none is ours. */
export async function billOfPaymentIntent(
  db: DbOrTx,
  paymentIntentId: string | null,
): Promise<{ orderId: number; organizationId: number } | null> {
  if (!paymentIntentId) return null;
  const [row] = await queryRows<{ order_id: number; organization_id: number }>(
    db,
    sql`SELECT o.id AS order_id, o.organization_id FROM payment_attempts pa JOIN orders o ON o.id = pa.order_id
        WHERE pa.gateway_charge_id = ${paymentIntentId} ORDER BY pa.id DESC LIMIT 1`,
  );
  return row ? { orderId: Number(row.order_id), organizationId: Number(row.organization_id) } : null;
}

/** Records a dispute once; false when it was recorded already. */
export async function recordDispute(tx: DbOrTx, d: NewDispute, orderId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO disputes (id, order_id, charge_id, payment_intent_id, amount_cents, reason, status)
        VALUES (${d.id}, ${orderId}, ${d.chargeId}, ${d.paymentIntentId}, ${d.amountCents}, ${d.reason}, ${d.status})
        ON CONFLICT (id) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

export async function disputesOfBill(db: DbOrTx, orderId: number) {
  return queryRows<{ id: string; amount_cents: number; reason: string; status: string }>(
    db,
    sql`SELECT id, amount_cents, reason, status FROM disputes WHERE order_id = ${orderId} ORDER BY created_at`,
  );
}

/** Stripe's later word on a dispute (charge.dispute.updated / closed): its status; false when unknown here. */
export async function updateDisputeStatus(db: DbOrTx, id: string, status: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE disputes SET status = ${status} WHERE id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

/** Stripe's final statuses of a dispute; any other asks the operator for an answer or a wait. */
const CLOSED_DISPUTE_STATUSES = ['won', 'lost', 'warning_closed', 'prevented'];

/** Disputes not closed yet, oldest first (reconcile names each, docs/decisions/018). */
export async function openDisputes(db: DbOrTx) {
  return queryRows<{
    id: string;
    order_id: number | null;
    amount_cents: number;
    reason: string;
    status: string;
  }>(
    db,
    sql`SELECT id, order_id, amount_cents, reason, status FROM disputes
        WHERE status NOT IN (${sql.join(
          CLOSED_DISPUTE_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        ORDER BY created_at, id`,
  );
}
