import { BillStatus } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// What reconcile compares with the gateway's records: the bills' charge attempts and paid card bills.

export interface AttemptRow {
  gateway_key: string;
  gateway_charge_id: string | null;
  status: string;
  created_at: unknown;
  order_id: number;
  invoice_number: string | null;
  organization_id: number;
  order_status: number;
  total_cents: number;
  gateway_customer_id: string | null;
}

export interface PaidBillRow {
  id: number;
  invoice_number: string | null;
  total_cents: number;
  keys: string[] | null;
}

/** Every charge attempt with its bill and the bill's organization's gateway customer. */
export function chargeAttempts(db: DbOrTx) {
  return queryRows<AttemptRow>(
    db,
    sql`SELECT pa.gateway_key, pa.gateway_charge_id, pa.status, pa.created_at, o.id AS order_id, o.invoice_number, o.organization_id,
        o.status AS order_status, o.total_cents, org.gateway_customer_id
      FROM payment_attempts pa JOIN orders o ON o.id = pa.order_id
      JOIN organizations org ON org.id = o.organization_id`,
  );
}

/** Paid bills with money to charge (billed since `since`, when given) and the keys of their attempts. */
export function paidCardBills(db: DbOrTx, since: Date | null) {
  return queryRows<PaidBillRow>(
    db,
    sql`SELECT o.id, o.invoice_number, o.total_cents, array_agg(pa.gateway_key) FILTER (WHERE pa.id IS NOT NULL) AS keys
      FROM orders o LEFT JOIN payment_attempts pa ON pa.order_id = o.id
      WHERE o.status = ${BillStatus.ChargePaid} AND o.total_cents > 0
        ${since ? sql`AND o.billing_date >= ${since.toISOString()}::timestamptz` : sql``}
      GROUP BY o.id ORDER BY o.id`,
  );
}

/** The invoice numbers of these bills, by id (a bill not issued yet has none). */
export async function invoiceNumbersOf(db: DbOrTx, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; invoice_number: string | null }>(
    db,
    sql`SELECT id, invoice_number FROM orders WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.invoice_number]));
}
