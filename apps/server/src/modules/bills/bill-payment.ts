import {
  BillStatus,
  billAttemptKey,
  CHARGEABLE_BILL_STATUSES,
  fromCents,
  type OpenBill,
  PaymentMessages,
  type PaymentResult,
} from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { type AttemptOutcome, recordOutcomes } from './attempt-outcomes.repository';
import { type ChargeClaim, startAttempts } from './bill-attempts.repository';
import type { PaidHook } from './bill-charging';
import { enqueueReceipts } from './bill-notices';
import { type BillingDeps, RETRY_INTERVAL_MS } from './billing-engine-options';
import { ABANDON_AFTER_MS } from './card-charge';
import { attemptCharge, withEnd } from './charge-attempt';
import { holdLeases } from './charge-lease.repository';

// The Pay Bills page (docs/decisions/024): an organization's open renewal and overage bills, each
// paid with the customer present, so the bank can ask for authentication (3-D Secure) in the
// browser. An attempt made here is one more attempt of the bill, recorded and settled as the billing
// engine's retries are (recordOutcomes): paid → receipt and what follows a payment; refused → past
// due as before. While the customer authenticates, the bill is leased to them for ABANDON_AFTER_MS;
// a challenge never ended is then settled by the engine's next claim, which cancels it.

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The organization's card bills still owed (renewal and overage), oldest first. */
export async function openBills(db: DbOrTx, organizationId: number): Promise<OpenBill[]> {
  const rows = await queryRows<{
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
  return rows.map((r) => ({
    orderId: Number(r.id),
    billingDate: iso(r.billing_date),
    dueDate: r.due_date ? iso(r.due_date) : null,
    status: Number(r.status),
    total: fromCents(Number(r.total_cents)),
    totalCents: Number(r.total_cents),
    description: r.description ?? '',
    // Recorded as `code: message` (recordOutcomes); the customer reads the message.
    failureMessage: r.failure_message?.replace(/^[a-z_]+: /, '') ?? null,
    inProgress: Boolean(r.in_progress),
  }));
}

/** The bill and the card on file, its open attempt if any; under the bill's row lock when in a transaction. */
async function claimOf(tx: DbOrTx, organizationId: number, orderId: number): Promise<ChargeClaim | null> {
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

/** Records what the gateway answered, as the engine records its retries; then what follows a payment. */
async function record(
  deps: BillingDeps,
  outcome: AttemptOutcome,
  totalCents: number,
  onPaid: PaidHook,
): Promise<PaymentResult> {
  const now = deps.clock.now();
  const paid = await deps.db.transaction(async (tx) => {
    const ids = await recordOutcomes(tx, [outcome], now, new Date(now.getTime() + RETRY_INTERVAL_MS));
    await enqueueReceipts(tx, ids);
    return ids;
  });
  await onPaid(paid, now);
  const { orderId } = outcome;
  if (outcome.outcome === 'succeeded')
    return { orderId, status: BillStatus.ChargePaid, paid: true, totalCents };
  if (outcome.outcome === 'requires_action' && outcome.chargeId && outcome.clientSecret) {
    const provider = deps.gateway.kind;
    return {
      orderId,
      status: BillStatus.ChargePastDue,
      paid: false,
      totalCents,
      authentication: { provider, clientSecret: outcome.clientSecret, orderId },
    };
  }
  if (outcome.outcome === 'declined') {
    throw new DomainError('CARD_DECLINED', outcome.message ?? 'Your card was declined.');
  }
  // No answer from the gateway: the engine settles the attempt on its key later.
  throw new DomainError(
    'GATEWAY_UNAVAILABLE',
    'We could not reach the card processor. Nothing was charged twice; please try again later.',
  );
}

/** Pay: a new attempt of the bill, charged on-session (the bank may ask for authentication). */
export async function payBill(
  deps: BillingDeps,
  organizationId: number,
  orderId: number,
  onPaid: PaidHook,
): Promise<PaymentResult> {
  const now = deps.clock.now();
  const planned = await deps.db.transaction(async (tx) => {
    const claim = await claimOf(tx, organizationId, orderId);
    if (!claim) throw new DomainError('NOT_PAYABLE', PaymentMessages.notPayable);
    if (claim.openKey) throw new DomainError('PAYMENT_IN_PROGRESS', PaymentMessages.inProgress);
    const key = billAttemptKey(claim.orderId, claim.attempts + 1);
    const lease = new Date(now.getTime() + ABANDON_AFTER_MS);
    await startAttempts(tx, [{ orderId, key, amountCents: claim.amountCents, isNew: true }], now, lease);
    return { claim: { ...claim, lease: claim.lease + 1 }, key, lease };
  });
  // The same lease as the engine's charges (charge-lease.repository.ts), taken right before the call.
  const held = await holdLeases(deps.db, [planned.claim], planned.lease);
  if (!held.has(orderId)) throw new DomainError('PAYMENT_IN_PROGRESS', PaymentMessages.inProgress);
  const outcome = await attemptCharge(deps, planned.claim, planned.key, false);
  return record(
    deps,
    { ...withEnd(deps, outcome, 0, null), sentUntil: planned.lease },
    planned.claim.amountCents,
    onPaid,
  );
}

/**
 * The browser says the bank's challenge has ended: the open attempt is settled by what the gateway
 * says of it (still waiting: the customer left it, so it is cancelled).
 */
export async function confirmBillPayment(
  deps: BillingDeps,
  organizationId: number,
  orderId: number,
  onPaid: PaidHook,
): Promise<PaymentResult> {
  const claim = await deps.db.transaction((tx) => claimOf(tx, organizationId, orderId));
  if (!claim) {
    const [bill] = await queryRows<{ status: number; total_cents: number }>(
      deps.db,
      sql`SELECT status, total_cents FROM orders WHERE id = ${orderId} AND organization_id = ${organizationId}`,
    );
    if (!bill) throw new DomainError('NOT_PAYABLE', PaymentMessages.notPayable);
    const status = Number(bill.status);
    return { orderId, status, paid: status === BillStatus.ChargePaid, totalCents: Number(bill.total_cents) };
  }
  if (!claim.openKey || !claim.openChargeId) throw new DomainError('NOT_PAYABLE', PaymentMessages.notPayable);
  const lease = new Date(deps.clock.now().getTime() + ABANDON_AFTER_MS);
  if (!(await holdLeases(deps.db, [claim], lease)).has(orderId)) {
    throw new DomainError('PAYMENT_IN_PROGRESS', PaymentMessages.inProgress);
  }
  const outcome = await attemptCharge(deps, claim, claim.openKey, true);
  return record(deps, withEnd(deps, outcome, 0, claim.openSince), claim.amountCents, onPaid);
}
