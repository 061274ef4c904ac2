import { CHARGEABLE_BILL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { ChargeClaim } from './bill-attempts.repository';

// The Pay Bills page's SQL (bill-payment.ts): an organization's open bills, and one of them claimed
// for a charge with the customer present.

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The organization's card bills still owed (renewal and overage), oldest first. */
export function openBillRows(db: DbOrTx, organizationId: number) {
  return queryRows<{
    id: number;
    billing_date: unknown;
    due_date: unknown;
    status: number;
    total_cents: number;
    description: string | null;
    failure_message: string | null;
    in_progress: boolean;
  }>(
    db,
    sql`SELECT o.id, o.billing_date, o.due_date, o.status, o.total_cents, o.failure_message,
        (SELECT string_agg(l.description, '; ' ORDER BY l.id) FROM order_lines l WHERE l.order_id = o.id) AS description,
        EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'started') AS in_progress
      FROM orders o
      WHERE o.organization_id = ${organizationId} AND o.kind IN ('renewal', 'overage')
        AND o.status IN (${list(CHARGEABLE_BILL_STATUSES)})
      ORDER BY o.billing_date, o.id`,
  );
}

/** The bill and the card on file, its open attempt if any; under the bill's row lock when in a transaction. */
export async function claimOf(
  tx: DbOrTx,
  organizationId: number,
  orderId: number,
): Promise<ChargeClaim | null> {
  const [r] = await queryRows<{
    id: number;
    total_cents: number;
    attempts: number;
    kind: string;
    gateway_customer_id: string | null;
    payment_method_id: string | null;
    open_key: string | null;
    open_since: unknown;
    open_charge_id: string | null;
    open_sent_until: unknown;
    charge_lease: number;
  }>(
    tx,
    sql`SELECT o.id, o.total_cents, o.attempts, o.kind, org.gateway_customer_id, org.payment_method_id,
        op.gateway_key AS open_key, op.created_at AS open_since, op.gateway_charge_id AS open_charge_id,
        op.sent_until AS open_sent_until, o.charge_lease
      FROM orders o JOIN organizations org ON org.id = o.organization_id
      LEFT JOIN LATERAL (SELECT pa.gateway_key, pa.created_at, pa.gateway_charge_id, pa.sent_until FROM payment_attempts pa
        WHERE pa.order_id = o.id AND pa.status = 'started' ORDER BY pa.id DESC LIMIT 1) op ON true
      WHERE o.id = ${orderId} AND o.organization_id = ${organizationId} AND o.kind IN ('renewal', 'overage')
        AND o.status IN (${list(CHARGEABLE_BILL_STATUSES)})
      FOR UPDATE OF o`,
  );
  if (!r) return null;
  return {
    orderId: Number(r.id),
    organizationId,
    amountCents: Number(r.total_cents),
    attempts: Number(r.attempts),
    kind: r.kind,
    customerId: r.gateway_customer_id,
    paymentMethodId: r.payment_method_id,
    openKey: r.open_key,
    openFailures: 0,
    openSince: r.open_since ? new Date(iso(r.open_since)) : null,
    openChargeId: r.open_charge_id,
    openSentUntil: r.open_sent_until ? new Date(iso(r.open_sent_until)) : null,
    lease: Number(r.charge_lease),
    onSession: true,
  };
}

/** A bill of the organization's status and total, or null. */
export async function statusOfOwnBill(db: DbOrTx, organizationId: number, orderId: number) {
  const [bill] = await queryRows<{ status: number; total_cents: number }>(
    db,
    sql`SELECT status, total_cents FROM orders WHERE id = ${orderId} AND organization_id = ${organizationId}`,
  );
  return bill ?? null;
}
