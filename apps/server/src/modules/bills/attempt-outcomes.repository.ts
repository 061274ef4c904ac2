import { BillStatus, CHARGEABLE_BILL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { BillRef } from './bill-events';

// What the gateway answered about a bill's charge attempts, recorded in the caller's transaction
// (docs/design.md §3): paid, past due with its next retry, or left open to be asked again.

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown): number => Number(v);

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
 * The next retry of a bill declined `now`: the first day of the schedule (days after the bill's date,
 * docs/decisions/042) still ahead; none after the last, so the bill waits for its grace to end.
 */
const nextRetrySql = (retryDays: readonly number[], now: Date) => sql`(
  SELECT min(o.billing_date + make_interval(days => d)) FROM unnest(ARRAY[${sql.raw(retryDays.map((d) => String(Math.trunc(d))).join(', '))}]::int[]) AS d
  WHERE o.billing_date + make_interval(days => d) > ${ts(now)})`;

/**
 * Applies what the gateway answered: paid, past due with the next retry of the schedule, or (unknown, pending) left
 * open to be asked about again at its `nextAt`, a transient failure counted. Answers the bills this
 * call marked paid and those it marked past due for a decline (not those settled meanwhile by
 * someone else): their receipts, notices and events.
 */
export async function recordOutcomes(
  tx: DbOrTx,
  outcomes: AttemptOutcome[],
  now: Date,
  retryDays: readonly number[],
): Promise<{ paid: BillRef[]; declined: BillRef[] }> {
  if (outcomes.length === 0) return { paid: [], declined: [] };
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
  const changed = await queryRows<{ id: number; status: number; organization_id: number }>(
    tx,
    sql`UPDATE orders o SET
      status = CASE v.outcome WHEN 'succeeded' THEN ${BillStatus.ChargePaid}
                              WHEN 'declined' THEN ${BillStatus.ChargePastDue} ELSE o.status END,
      paid_at = CASE WHEN v.outcome = 'succeeded' THEN ${ts(now)} ELSE o.paid_at END,
      next_attempt_at = CASE v.outcome WHEN 'succeeded' THEN NULL WHEN 'declined' THEN ${nextRetrySql(retryDays, now)}
                                       ELSE v.next_at END,
      failure_message = CASE v.outcome WHEN 'succeeded' THEN NULL WHEN 'declined' THEN v.message
                                       ELSE o.failure_message END,
      invoice_number = COALESCE(o.invoice_number, document_number(${ts(now)}, v.number))
    FROM json_to_recordset(${bills}::json)
      AS v(order_id int, key text, outcome text, charge_id text, message text, next_at timestamptz, number int)
    WHERE o.id = v.order_id AND o.status IN (${list(CHARGEABLE_BILL_STATUSES)})
    RETURNING o.id, o.status, o.organization_id`,
  );
  const declined = new Set(outcomes.filter((o) => o.outcome === 'declined').map((o) => o.orderId));
  const ref = (r: (typeof changed)[number]): BillRef => ({
    id: Number(r.id),
    organizationId: Number(r.organization_id),
  });
  return {
    paid: changed.filter((r) => Number(r.status) === BillStatus.ChargePaid).map(ref),
    declined: changed
      .filter((r) => Number(r.status) === BillStatus.ChargePastDue && declined.has(Number(r.id)))
      .map(ref),
  };
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
