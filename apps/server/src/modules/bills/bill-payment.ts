import {
  BillStatus,
  billAttemptKey,
  fromCents,
  type OpenBill,
  PaymentMessages,
  type PaymentResult,
} from '@store/core';
import type { DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { type AttemptOutcome, recordOutcomes } from './attempt-outcomes.repository';
import { startAttempts } from './bill-attempts.repository';
import type { PaidHook } from './bill-charging';
import { announceBills, billsPaid } from './bill-events';
import { claimOf, openBillRows, statusOfOwnBill } from './bill-payment.repository';
import type { BillingDeps } from './billing-engine-options';
import { ABANDON_AFTER_MS } from './card-charge';
import { attemptCharge, withEnd } from './charge-attempt';
import { holdLeases } from './charge-lease.repository';
import { readDunningSettings } from './dunning-settings';

// The Pay Bills page (docs/decisions/024): an organization's open renewal and overage bills, each
// paid with the customer present, so the bank can ask for authentication (3-D Secure) in the
// browser. An attempt made here is one more attempt of the bill, recorded and settled as the billing
// engine's retries are (recordOutcomes): paid → receipt and what follows a payment; refused → past
// due as before. While the customer authenticates, the bill is leased to them for ABANDON_AFTER_MS;
// a challenge never ended is then settled by the engine's next claim, which cancels it.

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The organization's card bills still owed (renewal and overage), oldest first. */
export async function openBills(db: DbOrTx, organizationId: number): Promise<OpenBill[]> {
  const rows = await openBillRows(db, organizationId);
  return rows.map((r) => ({
    orderId: Number(r.id),
    invoiceNumber: r.invoice_number,
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

/** Records what the gateway answered, as the engine records its retries; then what follows a payment. */
async function record(
  deps: BillingDeps,
  outcome: AttemptOutcome,
  totalCents: number,
  onPaid: PaidHook,
): Promise<PaymentResult> {
  const now = deps.clock.now();
  const paid = await deps.db.transaction(async (tx) => {
    const { retryDays } = await readDunningSettings(tx);
    const recorded = await recordOutcomes(tx, [outcome], now, retryDays);
    await billsPaid(tx, recorded.paid, now);
    await announceBills(tx, 'bill.payment_failed', recorded.declined, now);
    return recorded.paid.map((b) => b.id);
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
    const bill = await statusOfOwnBill(deps.db, organizationId, orderId);
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
