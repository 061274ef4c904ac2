import { CHARGEABLE_BILL_STATUSES } from '@store/core';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// The engine's charging SQL before the gateway is called: claiming bills due for a charge attempt and
// recording each attempt's key (docs/design.md §3). What the gateway answered is recorded by
// attempt-outcomes.repository.ts.

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown): number => Number(v);

export interface ChargeClaim {
  orderId: number;
  /** Null while the bill is charged by card: it takes its number when it is paid (decision 016). */
  invoiceNumber: string | null;
  organizationId: number;
  amountCents: number;
  attempts: number;
  kind: string;
  customerId: string | null;
  paymentMethodId: string | null;
  /** The key of an attempt whose outcome was never recorded (a crash): settle it, never re-charge. */
  openKey: string | null;
  /** That attempt's transient failures so far, when it started, and its PaymentIntent id if known. */
  openFailures: number;
  openSince: Date | null;
  openChargeId: string | null;
  /** When the lease of that key's last gateway call ends (null: no call with it was answered). */
  openSentUntil: Date | null;
  /** The lease number this claim was given (charge-lease.repository.ts). */
  lease: number;
  /** Charged with the customer present (the Pay Bills page): the bank may ask them to authenticate. */
  onSession?: boolean;
}

interface ClaimRow {
  id: number;
  invoice_number: string | null;
  organization_id: number;
  total_cents: number;
  attempts: number;
  kind: string;
  gateway_customer_id: string | null;
  payment_method_id: string | null;
  open_key: string | null;
  open_failures: number | null;
  open_since: unknown;
  open_charge_id: string | null;
  open_sent_until: unknown;
  charge_lease: number;
}

/**
 * Bills claimed for a charge, the engine's and the Pay Bills page's alike: each bill with the card on
 * file and its latest open attempt, if any. `lease` is the bill's current lease number.
 */
export async function claimBills(tx: DbOrTx, where: SQL, orderAndLock: SQL): Promise<ChargeClaim[]> {
  const rows = await queryRows<ClaimRow>(
    tx,
    sql`SELECT o.id, o.invoice_number, o.organization_id, o.total_cents, o.attempts, o.kind, org.gateway_customer_id,
        org.payment_method_id, op.gateway_key AS open_key, op.transient_failures AS open_failures,
        op.created_at AS open_since, op.gateway_charge_id AS open_charge_id,
        op.sent_until AS open_sent_until, o.charge_lease
      FROM orders o JOIN organizations org ON org.id = o.organization_id
      LEFT JOIN LATERAL (SELECT pa.gateway_key, pa.transient_failures, pa.created_at, pa.gateway_charge_id,
          pa.sent_until
        FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'started'
        ORDER BY pa.id DESC LIMIT 1) op ON true
      WHERE o.status IN (${list(CHARGEABLE_BILL_STATUSES)}) AND o.kind IN ('renewal', 'overage') AND ${where}
      ${orderAndLock}`,
  );
  return rows.map((r) => ({
    orderId: num(r.id),
    invoiceNumber: r.invoice_number,
    organizationId: num(r.organization_id),
    amountCents: num(r.total_cents),
    attempts: num(r.attempts),
    kind: r.kind,
    customerId: r.gateway_customer_id,
    paymentMethodId: r.payment_method_id,
    openKey: r.open_key,
    openFailures: num(r.open_failures ?? 0),
    openSince: r.open_since ? date(r.open_since) : null,
    openChargeId: r.open_charge_id,
    openSentUntil: r.open_sent_until ? date(r.open_sent_until) : null,
    lease: num(r.charge_lease),
  }));
}

/**
 * Bills whose (next) charge attempt is due; renewal and overage bills only (purchases are the store's);
 * optionally one organization's, or one bill (the operator's Retry now).
 */
export async function claimChargeableBills(
  tx: DbOrTx,
  now: Date,
  limit: number,
  organizationId?: number,
  orderId?: number,
): Promise<ChargeClaim[]> {
  const orgFilter = sql.join(
    [
      organizationId === undefined ? sql`` : sql`AND o.organization_id = ${organizationId}`,
      orderId === undefined ? sql`` : sql`AND o.id = ${orderId}`,
    ],
    sql` `,
  );
  await tx.execute(sql`SET LOCAL jit = off`);
  const claims = await claimBills(
    tx,
    sql`o.next_attempt_at <= ${ts(now)} ${orgFilter}`,
    sql`ORDER BY o.next_attempt_at, o.id LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED`,
  );
  // startAttempts takes the next number for this claim.
  return claims.map((c) => ({ ...c, lease: c.lease + 1 }));
}

/**
 * Records the attempts about to be made (their keys) and leases the bills until `leaseUntil` under
 * the next lease number, so no other process claims them meanwhile; a process that dies leaves the
 * lease to expire. The lease is taken again right before the gateway call (holdLeases).
 */
export async function startAttempts(
  tx: DbOrTx,
  attempts: { orderId: number; key: string; amountCents: number; isNew: boolean }[],
  now: Date,
  leaseUntil: Date,
): Promise<void> {
  if (attempts.length === 0) return;
  await recordAttemptKeys(
    tx,
    attempts.filter((a) => a.isNew),
    now,
  );
  // One write of each bill: its attempt counted (a new key) and its lease.
  const bills = JSON.stringify(attempts.map((a) => ({ id: a.orderId, fresh: a.isNew ? 1 : 0 })));
  await tx.execute(sql`UPDATE orders o SET attempts = o.attempts + v.fresh, next_attempt_at = ${ts(leaseUntil)},
      charge_lease = o.charge_lease + 1
    FROM json_to_recordset(${bills}::json) AS v(id int, fresh int) WHERE o.id = v.id`);
}

/** Records new attempts' keys ('started'): from here on the attempt is settled, never made anew. */
export async function recordAttemptKeys(
  tx: DbOrTx,
  attempts: { orderId: number; key: string; amountCents: number }[],
  now: Date,
): Promise<void> {
  if (attempts.length === 0) return;
  const payload = JSON.stringify(
    attempts.map((a) => ({ order_id: a.orderId, key: a.key, amount: a.amountCents, at: now.toISOString() })),
  );
  await tx.execute(sql`INSERT INTO payment_attempts (order_id, gateway_key, amount_cents, status, created_at)
    SELECT order_id, key, amount, 'started', at FROM json_to_recordset(${payload}::json)
      AS v(order_id int, key text, amount int, at timestamptz)
    ON CONFLICT (gateway_key) DO NOTHING`);
}

/** The card on file of each of these organizations (its gateway customer and payment method). */
export async function payersOf(
  db: DbOrTx,
  organizationIds: number[],
): Promise<Map<number, { customerId: string | null; paymentMethodId: string | null }>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await queryRows<{
    id: number;
    gateway_customer_id: string | null;
    payment_method_id: string | null;
  }>(
    db,
    sql`SELECT id, gateway_customer_id, payment_method_id FROM organizations
      WHERE id IN (${list([...new Set(organizationIds)])})`,
  );
  return new Map(
    rows.map((r) => [num(r.id), { customerId: r.gateway_customer_id, paymentMethodId: r.payment_method_id }]),
  );
}
