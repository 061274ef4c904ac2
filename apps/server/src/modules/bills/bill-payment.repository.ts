import { CHARGEABLE_BILL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { type ChargeClaim, claimBills } from './bill-attempts.repository';

// The Pay Bills page's SQL (bill-payment.ts): an organization's open bills, and one of them claimed
// for a charge with the customer present.

const list = (values: readonly number[]) => sql.raw(values.join(', '));

/** The organization's card bills still owed (renewal and overage), oldest first. */
export function openBillRows(db: DbOrTx, organizationId: number) {
  return queryRows<{
    id: number;
    invoice_number: string | null;
    billing_date: unknown;
    due_date: unknown;
    status: number;
    total_cents: number;
    description: string | null;
    failure_message: string | null;
    in_progress: boolean;
  }>(
    db,
    sql`SELECT o.id, o.invoice_number, o.billing_date, o.due_date, o.status, o.total_cents, o.failure_message,
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
  const [claim] = await claimBills(
    tx,
    sql`o.id = ${orderId} AND o.organization_id = ${organizationId}`,
    sql`FOR UPDATE OF o`,
  );
  // The customer's attempt starts its own count of transient failures.
  return claim ? { ...claim, openFailures: 0, onSession: true } : null;
}

/** A bill of the organization's status and total, or null. */
export async function statusOfOwnBill(db: DbOrTx, organizationId: number, orderId: number) {
  const [bill] = await queryRows<{ status: number; total_cents: number }>(
    db,
    sql`SELECT status, total_cents FROM orders WHERE id = ${orderId} AND organization_id = ${organizationId}`,
  );
  return bill ?? null;
}
