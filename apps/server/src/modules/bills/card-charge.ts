import { BillStatus, PaymentMessages, SETTLE_WITHIN_MS } from '@store/core';
import type { DbOrTx, Tx } from '../../db/client';
import type { NewOrder, NewOrderLine, OrderRow } from '../../db/schema';
import type { ChargeHint, ChargeResult, PaymentGateway } from '../../gateway/payment-gateway';
import { recordAudit } from '../audit';
import { announceBills, billsPaid } from './bill-events';
import type { BillingLogger } from './billing-engine-options';
import {
  attemptOf,
  finishAttempt,
  gatewayCustomerOf,
  insertBill,
  insertLines,
  lockBill,
  noteChargeId,
  pendingChargesBefore,
  startAttempt,
  updateBill,
} from './bills.repository';

/** A waiting customer's charge still pending after this long is settled by asking the gateway. */
const SETTLE_AFTER_MS = 60_000;
/**
 * One the gateway never saw is voided after this long; one still waiting for the customer's
 * authentication (3-D Secure, docs/decisions/024) is cancelled at the gateway and voided after it.
 */
export const ABANDON_AFTER_MS = 15 * 60_000;

/**
 * Step (1) of a charge made while the customer waits: the bill, its lines and its attempt's key,
 * in the caller's transaction (which also claims what the payment buys). Null when the
 * organization already has a bill with this idempotency key.
 */
export async function openCardBill(
  tx: Tx,
  bill: NewOrder,
  lines: Omit<NewOrderLine, 'orderId'>[],
  keyOf: (orderId: number) => string,
): Promise<{ order: OrderRow; key: string } | null> {
  const order = await insertBill(tx, bill);
  if (!order) return null;
  await insertLines(tx, order.id, lines);
  await recordAudit(tx, 'bill.created', { after: order });
  const key = keyOf(order.id);
  await startAttempt(tx, {
    orderId: order.id,
    gatewayKey: key,
    amountCents: order.totalCents,
    createdAt: bill.billingDate,
  });
  return { order, key };
}

/**
 * One card charge made while the customer waits (checkout, the editor's proration): what the
 * gateway answered, or 'unknown' when the call failed without an answer (a timeout, a 5xx, a lost
 * connection). An unknown outcome is never retried with a new key: the settle job asks the gateway
 * about the stored key later (docs/design.md §3).
 */
export type CardOutcome =
  | { outcome: 'succeeded'; chargeId: string }
  | { outcome: 'declined'; code: string; message: string }
  | { outcome: 'unknown'; message: string; chargeId?: string }
  /** The bank asks the customer, who is present, to authenticate first (docs/decisions/024). */
  | { outcome: 'requires_action'; chargeId: string; clientSecret: string };
/** An outcome that settles a bill: paid, or refused. */
export type FinalOutcome = Extract<CardOutcome, { outcome: 'succeeded' | 'declined' }>;

const fromResult = (result: ChargeResult): CardOutcome =>
  result.status === 'succeeded'
    ? { outcome: 'succeeded', chargeId: result.chargeId }
    : result.status === 'pending'
      ? // Not paid yet (Stripe's `processing`): the settle job asks again, by this id.
        { outcome: 'unknown', message: 'The payment is processing.', chargeId: result.chargeId }
      : result.status === 'requires_action'
        ? { outcome: 'requires_action', chargeId: result.chargeId, clientSecret: result.clientSecret }
        : { outcome: 'declined', code: result.code, message: result.message };

/**
 * Step (2): the card, with no transaction open, the customer present. A charge the gateway is still
 * processing, or waiting for the customer's authentication, has its PaymentIntent id kept on the
 * attempt, so the settle job (and the customer's return) looks it up by id rather than by listing.
 */
export async function chargeCard(
  deps: { db: DbOrTx; gateway: PaymentGateway },
  request: Parameters<PaymentGateway['charge']>[0],
): Promise<CardOutcome> {
  let outcome: CardOutcome;
  try {
    outcome = fromResult(await deps.gateway.charge({ ...request, onSession: true }));
  } catch (error) {
    return { outcome: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
  if ((outcome.outcome === 'unknown' || outcome.outcome === 'requires_action') && outcome.chargeId) {
    await noteChargeId(deps.db, request.idempotencyKey, outcome.chargeId);
  }
  return outcome;
}

/** What became of a charge made with this key; null when the gateway has no charge for it. */
export async function askGateway(
  gateway: PaymentGateway,
  key: string,
  hint?: ChargeHint,
): Promise<CardOutcome | null> {
  try {
    const found = await gateway.findCharge(key, hint);
    return found ? fromResult(found) : null;
  } catch (error) {
    return { outcome: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Step (3) of a waiting customer's charge, under the bill's row lock: paid (with `onPaid` doing
 * what the payment buys, in the same transaction), or refused. A bill no longer pending was settled
 * by someone else (the request or the settle job): it is returned as it is, and nothing is done twice.
 */
export async function settleCardBill(
  tx: Tx,
  orderId: number,
  key: string,
  outcome: FinalOutcome,
  now: Date,
  hooks: { onPaid: (order: OrderRow) => Promise<void>; onRefused?: (order: OrderRow) => Promise<void> },
  attemptStatus: 'declined' | 'error' = 'declined',
): Promise<OrderRow | null> {
  const order = await lockBill(tx, orderId);
  if (!order || order.status !== BillStatus.ChargePending) return order;
  if (outcome.outcome === 'succeeded') {
    await hooks.onPaid(order);
    await finishAttempt(tx, key, { status: 'succeeded', gatewayChargeId: outcome.chargeId });
    const paid = await updateBill(tx, orderId, {
      status: BillStatus.ChargePaid,
      paidAt: now,
      attempts: order.attempts + 1,
    });
    // Announced once paid: until then it is a charge in progress, and a refused one is void and in
    // no Billing History (owed-bills.repository.ts), so no bill ever came of it.
    await announceBills(tx, 'bill.issued', [order], now);
    await billsPaid(tx, [order], now);
    return paid;
  }
  await hooks.onRefused?.(order);
  await finishAttempt(tx, key, { status: attemptStatus, message: outcome.message });
  // A refused checkout or editor charge is void: UnPaid with the reason, left out of the history.
  return updateBill(tx, orderId, {
    status: BillStatus.UnPaid,
    failureMessage: outcome.message,
    attempts: order.attempts + 1,
  });
}

export type SettledOutcome = {
  outcome: FinalOutcome;
  attemptStatus: 'declined' | 'error';
};

const abandoned: SettledOutcome = {
  outcome: { outcome: 'declined', code: 'abandoned', message: PaymentMessages.abandoned },
  attemptStatus: 'error',
};

/**
 * A charge waiting for the customer's authentication that they left (closed the challenge, or never
 * came back): cancelled at the gateway, so it can never take money, and settled as what it became —
 * not charged, or paid when they completed it just before. null: no answer now; asked again later.
 */
export async function giveUpAuthentication(
  gateway: PaymentGateway,
  chargeId: string,
): Promise<SettledOutcome | null> {
  let result: ChargeResult;
  try {
    result = await gateway.cancelCharge(chargeId);
  } catch {
    return null;
  }
  if (result.status === 'succeeded')
    return { outcome: { outcome: 'succeeded', chargeId }, attemptStatus: 'declined' };
  if (result.status === 'declined') {
    // A failed challenge keeps the bank's words; a cancelled one says nothing was charged.
    return result.code === 'canceled'
      ? abandoned
      : {
          outcome: { outcome: 'declined', code: result.code, message: result.message },
          attemptStatus: 'declined',
        };
  }
  return null;
}

/** The client secret of a charge with this key still waiting for the customer's authentication, if it is. */
export async function waitingAuthentication(
  deps: { db: DbOrTx; gateway: PaymentGateway },
  key: string,
): Promise<string | null> {
  const attempt = await attemptOf(deps.db, key);
  if (!attempt?.gatewayChargeId) return null;
  const found = await askGateway(deps.gateway, key, { chargeId: attempt.gatewayChargeId });
  return found?.outcome === 'requires_action' ? found.clientSecret : null;
}

/**
 * What became of a waiting customer's charge once the browser says the authentication has ended
 * (completed, failed or closed): asked of the gateway by the attempt's PaymentIntent id, never taken
 * from the browser. Still waiting means the customer left it: given up. null: no answer yet.
 */
export async function settledAfterAuthentication(
  deps: { db: DbOrTx; gateway: PaymentGateway },
  key: string,
): Promise<SettledOutcome | null> {
  const attempt = await attemptOf(deps.db, key);
  if (!attempt?.gatewayChargeId) return null;
  const found = await askGateway(deps.gateway, key, { chargeId: attempt.gatewayChargeId });
  if (!found || found.outcome === 'unknown') return null;
  if (found.outcome === 'requires_action') return giveUpAuthentication(deps.gateway, found.chargeId);
  return { outcome: found, attemptStatus: 'declined' };
}

/**
 * The settle job's question about a waiting customer's pending charge (docs/design.md §3): the gateway
 * is asked by the attempt's PaymentIntent id when one was kept, else with the organization's
 * customer (listing by customer is consistent where search is not). Found → its answer; never
 * seen after ABANDON_AFTER_MS → not charged; no answer at all (the gateway failing, or the charge
 * still processing) for more than a day → given up on the not-charged path and the operator
 * alerted. null: ask again on a later tick.
 */
async function settleOutcomeOf(
  deps: { db: DbOrTx; gateway: PaymentGateway; logger?: BillingLogger },
  order: Pick<OrderRow, 'id' | 'organizationId' | 'billingDate'>,
  key: string,
  now: Date,
): Promise<SettledOutcome | null> {
  const org = await gatewayCustomerOf(deps.db, order.organizationId);
  const attempt = await attemptOf(deps.db, key);
  const found = await askGateway(deps.gateway, key, {
    chargeId: attempt?.gatewayChargeId ?? null,
    customerId: org?.customerId ?? null,
    since: order.billingDate,
  });
  const age = now.getTime() - order.billingDate.getTime();
  if (!found) return age > ABANDON_AFTER_MS ? abandoned : null;
  // The customer never finished authenticating: the charge is cancelled once its time is up.
  if (found.outcome === 'requires_action') {
    return age > ABANDON_AFTER_MS ? giveUpAuthentication(deps.gateway, found.chargeId) : null;
  }
  if (found.outcome !== 'unknown') return { outcome: found, attemptStatus: 'declined' };
  if (age <= SETTLE_WITHIN_MS) return null;
  deps.logger?.error(
    { orderId: order.id, key, reason: found.message },
    'operator alert: the card processor could not say within a day what became of this charge; it is given up as not charged',
  );
  return abandoned;
}

/**
 * The settle job for waiting customers' charges of one kind whose answer was lost (a timeout, a
 * crash between the charge and step 3): each is asked about (settleOutcomeOf) and settled by
 * `settle` under its row lock, once. Safe to run anywhere, any number of times.
 */
export async function settlePendingCardBills(
  deps: { db: DbOrTx; gateway: PaymentGateway; clock: { now(): Date }; logger?: BillingLogger },
  kind: 'purchase' | 'proration',
  keyOf: (orderId: number) => string,
  settle: (order: OrderRow, key: string, found: SettledOutcome) => Promise<OrderRow | null>,
): Promise<{ paid: number; voided: number }> {
  const now = deps.clock.now();
  const pending = await pendingChargesBefore(deps.db, [kind], new Date(now.getTime() - SETTLE_AFTER_MS));
  let paid = 0;
  let voided = 0;
  for (const order of pending) {
    const key = keyOf(order.id);
    const found = await settleOutcomeOf(deps, order, key, now);
    const settled = found ? await settle(order, key, found) : null;
    if (settled?.status === BillStatus.ChargePaid) paid++;
    else if (settled?.status === BillStatus.UnPaid) voided++;
  }
  return { paid, voided };
}
