import { CLOSED_DISPUTE_STATUSES, OPS_PAGE_SIZE, type OpsDisputeFilter } from '@store/core';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// Disputes (docs/design.md §3: records beside the immutable bill): the one module that writes them.

const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`NULL::timestamptz`);

export interface NewDispute {
  id: string;
  chargeId: string;
  paymentIntentId: string | null;
  amountCents: number;
  reason: string;
  status: string;
  /** The gateway's deadline for evidence; null when none can be given. */
  evidenceDueBy: Date | null;
  /** When the customer's bank opened it; the time it is recorded when not said. */
  openedAt: Date | null;
}

/** The bill a PaymentIntent paid, found by the attempt that made it; null when none is ours. */
export async function billOfPaymentIntent(
  db: DbOrTx,
  paymentIntentId: string | null,
): Promise<{ orderId: number; invoiceNumber: string | null; organizationId: number } | null> {
  if (!paymentIntentId) return null;
  const [row] = await queryRows<{ order_id: number; invoice_number: string | null; organization_id: number }>(
    db,
    sql`SELECT o.id AS order_id, o.invoice_number, o.organization_id FROM payment_attempts pa JOIN orders o ON o.id = pa.order_id
        WHERE pa.gateway_charge_id = ${paymentIntentId} ORDER BY pa.id DESC LIMIT 1`,
  );
  return row
    ? {
        orderId: Number(row.order_id),
        invoiceNumber: row.invoice_number,
        organizationId: Number(row.organization_id),
      }
    : null;
}

/** Records a dispute once; false when it was recorded already. */
export async function recordDispute(tx: DbOrTx, d: NewDispute, orderId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO disputes (id, order_id, charge_id, payment_intent_id, amount_cents, reason, status,
          evidence_due_by, created_at)
        VALUES (${d.id}, ${orderId}, ${d.chargeId}, ${d.paymentIntentId}, ${d.amountCents}, ${d.reason}, ${d.status},
          ${ts(d.evidenceDueBy)}, COALESCE(${ts(d.openedAt)}, now()))
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

/**
 * Stripe's later word on a dispute (charge.dispute.updated / closed): its status, and its evidence
 * deadline when the event says one (an event without it keeps the one recorded); false when unknown here.
 */
export async function updateDisputeStatus(
  db: DbOrTx,
  id: string,
  status: string,
  evidenceDueBy?: Date | null,
): Promise<boolean> {
  const due = evidenceDueBy === undefined ? sql`evidence_due_by` : ts(evidenceDueBy);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE disputes SET status = ${status}, evidence_due_by = ${due} WHERE id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

const closedStatuses = sql.join(
  CLOSED_DISPUTE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** Disputes not closed yet, oldest first (reconcile names each, docs/decisions/018). */
export async function openDisputes(db: DbOrTx) {
  return queryRows<{
    id: string;
    order_id: number | null;
    invoice_number: string | null;
    amount_cents: number;
    reason: string;
    status: string;
  }>(
    db,
    sql`SELECT d.id, d.order_id, o.invoice_number, d.amount_cents, d.reason, d.status
        FROM disputes d LEFT JOIN orders o ON o.id = d.order_id
        WHERE d.status NOT IN (${closedStatuses})
        ORDER BY d.created_at, d.id`,
  );
}

export interface DisputeListRow {
  id: string;
  status: string;
  reason: string;
  amount_cents: number;
  evidence_due_by: Date | null;
  created_at: Date;
  charge_id: string;
  order_id: number | null;
  invoice_number: string | null;
  organization_id: number | null;
  organization_name: string | null;
}

function whereOf(filter: OpsDisputeFilter, orderId: number | undefined): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter === 'open') parts.push(sql`d.status NOT IN (${closedStatuses})`);
  if (filter === 'closed') parts.push(sql`d.status IN (${closedStatuses})`);
  if (orderId !== undefined) parts.push(sql`d.order_id = ${orderId}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The console's Disputes list with each dispute's bill and organization: open ones by their evidence
 * deadline (the nearest first, none last), otherwise the newest first; one page and the total.
 */
export async function listDisputes(
  db: DbOrTx,
  q: { filter: OpsDisputeFilter; orderId?: number; page: number },
): Promise<{ rows: DisputeListRow[]; total: number }> {
  const where = whereOf(q.filter, q.orderId);
  const order =
    q.filter === 'open'
      ? sql`d.evidence_due_by ASC NULLS LAST, d.created_at, d.id`
      : sql`d.created_at DESC, d.id DESC`;
  const rows = await queryRows<DisputeListRow>(
    db,
    sql`SELECT d.id, d.status, d.reason, d.amount_cents, d.evidence_due_by, d.created_at, d.charge_id,
          d.order_id, o.invoice_number, o.organization_id, g.company_name AS organization_name
        FROM disputes d
        LEFT JOIN orders o ON o.id = d.order_id
        LEFT JOIN organizations g ON g.id = o.organization_id
        WHERE ${where}
        ORDER BY ${order}
        LIMIT ${OPS_PAGE_SIZE} OFFSET ${(q.page - 1) * OPS_PAGE_SIZE}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM disputes d WHERE ${where}`,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** The bill's first dispute, whatever became of it: a disputed charge is not refunded here. */
export async function firstDisputeOfBill(
  db: DbOrTx,
  orderId: number,
): Promise<{ id: string; status: string } | null> {
  const [row] = await queryRows<{ id: string; status: string }>(
    db,
    sql`SELECT id, status FROM disputes WHERE order_id = ${orderId} ORDER BY created_at, id LIMIT 1`,
  );
  return row ?? null;
}
