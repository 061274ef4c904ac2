import { BillStatus, CHARGEABLE_BILL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// The engine's charging SQL: claiming bills due for a charge attempt, recording each attempt's key
// before the gateway is called, and recording what it answered (docs/design.md §3).

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown): number => Number(v);

export interface ChargeClaim {
  orderId: number;
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

/** Bills whose (next) charge attempt is due; renewal and overage bills only (purchases are the store's). */
export async function claimChargeableBills(
  tx: DbOrTx,
  now: Date,
  limit: number,
  organizationId?: number,
): Promise<ChargeClaim[]> {
  const orgFilter = organizationId === undefined ? sql`` : sql`AND o.organization_id = ${organizationId}`;
  await tx.execute(sql`SET LOCAL jit = off`);
  const result = await queryRows<{
    id: number;
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
  }>(
    tx,
    sql`SELECT o.id, o.organization_id, o.total_cents, o.attempts, o.kind, org.gateway_customer_id,
        org.payment_method_id, op.gateway_key AS open_key, op.transient_failures AS open_failures,
        op.created_at AS open_since, op.gateway_charge_id AS open_charge_id,
        op.sent_until AS open_sent_until, o.charge_lease
      FROM orders o JOIN organizations org ON org.id = o.organization_id
      LEFT JOIN LATERAL (SELECT pa.gateway_key, pa.transient_failures, pa.created_at, pa.gateway_charge_id,
          pa.sent_until
        FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'started'
        ORDER BY pa.id DESC LIMIT 1) op ON true
      WHERE o.status IN (${list(CHARGEABLE_BILL_STATUSES)}) AND o.kind IN ('renewal', 'overage')
        AND o.next_attempt_at <= ${ts(now)} ${orgFilter}
      ORDER BY o.next_attempt_at, o.id LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED`,
  );
  return result.map((r) => ({
    orderId: num(r.id),
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
    // startAttempts takes the next number for this claim.
    lease: num(r.charge_lease) + 1,
  }));
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

export interface AttemptOutcome {
  orderId: number;
  key: string;
  /**
   * 'unknown': a transient failure; 'pending': the gateway is still processing the charge;
   * 'requires_action': waiting for the present customer's authentication (decision 024).
   */
  outcome: 'succeeded' | 'declined' | 'unknown' | 'pending' | 'requires_action';
  chargeId?: string | null;
  clientSecret?: string;
  code?: string | null;
  message?: string | null;
  /** When an unknown or pending attempt is asked about again. */
  nextAt?: Date;
  /** The end of the lease under which the gateway was called with this key. */
  sentUntil?: Date;
}

const outcomeRow = (o: AttemptOutcome, now: Date) => ({
  order_id: o.orderId,
  key: o.key,
  outcome: o.outcome,
  charge_id: o.chargeId ?? null,
  message: o.code && o.outcome === 'declined' ? `${o.code}: ${o.message ?? ''}` : (o.message ?? null),
  next_at: (o.nextAt ?? now).toISOString(),
  sent_until: o.sentUntil?.toISOString() ?? null,
});

/** The first of `count` consecutive invoice numbers of the year of `issued`, in the caller's transaction. */
async function takeDocumentNumbers(tx: DbOrTx, issued: Date, count: number): Promise<number> {
  const [row] = await queryRows<{ first: number }>(
    tx,
    sql`SELECT take_document_numbers(${ts(issued)}, ${count}) AS first`,
  );
  return num(row!.first);
}

/**
 * Applies what the gateway answered (answers the bills it marked paid): paid, past due with the next retry, or (unknown, pending) left
 * open to be asked about again at its `nextAt`, a transient failure counted.
 */
export async function recordOutcomes(
  tx: DbOrTx,
  outcomes: AttemptOutcome[],
  now: Date,
  retryAt: Date,
): Promise<number[]> {
  if (outcomes.length === 0) return [];
  const payload = JSON.stringify(outcomes.map((o) => outcomeRow(o, now)));
  await tx.execute(sql`UPDATE payment_attempts pa SET
      status = CASE WHEN v.outcome IN ('unknown', 'pending', 'requires_action') THEN 'started' ELSE v.outcome END,
      transient_failures = pa.transient_failures + CASE WHEN v.outcome = 'unknown' THEN 1 ELSE 0 END,
      gateway_charge_id = COALESCE(v.charge_id, pa.gateway_charge_id), message = v.message,
      sent_until = COALESCE(v.sent_until, pa.sent_until)
    FROM json_to_recordset(${payload}::json)
      AS v(order_id int, key text, outcome text, charge_id text, message text, sent_until timestamptz)
    WHERE pa.gateway_key = v.key AND pa.status = 'started'`);
  // The bills paid here are locked first, so exactly they are updated, and numbered as one block
  // (migration 0093): one update of the year's invoice-number counter per batch, not one per bill.
  const succeeded = outcomes.filter((o) => o.outcome === 'succeeded').map((o) => o.orderId);
  const paying =
    succeeded.length === 0
      ? []
      : await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM orders WHERE id IN (${list(succeeded)})
            AND status IN (${list(CHARGEABLE_BILL_STATUSES)}) AND invoice_number IS NULL ORDER BY id FOR UPDATE`,
        );
  const first = paying.length === 0 ? null : await takeDocumentNumbers(tx, now, paying.length);
  const offsets = new Map(paying.map((r, i) => [num(r.id), i]));
  const bills = JSON.stringify(
    outcomes.map((o) => ({
      ...outcomeRow(o, now),
      number: offsets.has(o.orderId) ? first! + offsets.get(o.orderId)! : null,
    })),
  );
  const changed = await queryRows<{ id: number; status: number }>(
    tx,
    sql`UPDATE orders o SET
      status = CASE v.outcome WHEN 'succeeded' THEN ${BillStatus.ChargePaid}
                              WHEN 'declined' THEN ${BillStatus.ChargePastDue} ELSE o.status END,
      paid_at = CASE WHEN v.outcome = 'succeeded' THEN ${ts(now)} ELSE o.paid_at END,
      next_attempt_at = CASE v.outcome WHEN 'succeeded' THEN NULL WHEN 'declined' THEN ${ts(retryAt)}
                                       ELSE v.next_at END,
      failure_message = CASE v.outcome WHEN 'succeeded' THEN NULL WHEN 'declined' THEN v.message
                                       ELSE o.failure_message END,
      invoice_number = COALESCE(o.invoice_number, document_number(${ts(now)}, v.number))
    FROM json_to_recordset(${bills}::json)
      AS v(order_id int, key text, outcome text, charge_id text, message text, next_at timestamptz, number int)
    WHERE o.id = v.order_id AND o.status IN (${list(CHARGEABLE_BILL_STATUSES)})
    RETURNING o.id, o.status`,
  );
  // The bills this call marked paid (not those settled meanwhile by someone else): their receipts.
  return changed.filter((r) => Number(r.status) === BillStatus.ChargePaid).map((r) => Number(r.id));
}

/**
 * The gateway has no charge for an open attempt's key (listing the customer's PaymentIntents found
 * none), and the key itself may be spent (Stripe replays a stored 5xx for it): that attempt ends
 * as an error and a new one, with a new key, takes its place. Its transient failures carry over, so
 * the bill's bound on them holds across keys. False when the open attempt was settled meanwhile.
 */
export async function replaceOpenAttempt(
  tx: DbOrTx,
  input: {
    orderId: number;
    oldKey: string;
    newKey: string;
    amountCents: number;
    failures: number;
    now: Date;
  },
): Promise<boolean> {
  const closed = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE payment_attempts SET status = 'error', message = ${NOT_AT_GATEWAY}
      WHERE gateway_key = ${input.oldKey} AND status = 'started' RETURNING id`,
  );
  if (closed.length === 0) return false;
  await tx.execute(sql`INSERT INTO payment_attempts (order_id, gateway_key, amount_cents, status, created_at,
      transient_failures)
    VALUES (${input.orderId}, ${input.newKey}, ${input.amountCents}, 'started', ${ts(input.now)}, ${input.failures})`);
  await tx.execute(sql`UPDATE orders SET attempts = attempts + 1 WHERE id = ${input.orderId}`);
  return true;
}

const NOT_AT_GATEWAY = 'The card processor has no charge for this key; the bill is charged with a new key.';

/** How many charge attempts of the bill were declined (the first decline is mailed to the admins). */
export async function declinedAttempts(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = ${orderId} AND status = 'declined'`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Stripe told us how an open attempt ended (its webhook): the bill is made due at once, so the next
 * charge pass settles it on its recorded key (decision 018). False when the attempt is not open.
 */
export async function makeOpenAttemptDue(db: DbOrTx, gatewayKey: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders o SET next_attempt_at = ${now.toISOString()}::timestamptz
      FROM payment_attempts pa
      WHERE pa.gateway_key = ${gatewayKey} AND pa.status = 'started' AND o.id = pa.order_id
        AND o.status IN (${list(CHARGEABLE_BILL_STATUSES)})
      RETURNING o.id`,
  );
  return rows.length > 0;
}
