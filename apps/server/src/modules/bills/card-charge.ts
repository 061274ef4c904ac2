import { BillStatus, SETTLE_WITHIN_MS } from '@store/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { type OrderRow, organizations } from '../../db/schema';
import type { ChargeHint, ChargeResult, PaymentGateway } from '../../gateway/payment-gateway';
import type { BillingLogger } from './bill-deps';
import { attemptOf, finishAttempt, lockBill, noteChargeId, updateBill } from './bills.repository';

/**
 * One card charge made while the customer waits (checkout, the editor's proration): what the
 * gateway answered, or 'unknown' when the call failed without an answer (a timeout, a 5xx, a lost
 * connection). An unknown outcome is never retried with a new key: the settle job asks the gateway
 * about the stored key later (DESIGN.md §3).
 */
export type CardOutcome =
  | { outcome: 'succeeded'; chargeId: string }
  | { outcome: 'declined'; code: string; message: string }
  | { outcome: 'unknown'; message: string; chargeId?: string };

const fromResult = (result: ChargeResult): CardOutcome =>
  result.status === 'succeeded'
    ? { outcome: 'succeeded', chargeId: result.chargeId }
    : result.status === 'pending'
      ? // Not paid yet (Stripe's `processing`): the settle job asks again, by this id.
        { outcome: 'unknown', message: 'The payment is processing.', chargeId: result.chargeId }
      : { outcome: 'declined', code: result.code, message: result.message };

/**
 * Step (2): the card, with no transaction open. A charge the gateway is still processing has its
 * PaymentIntent id kept on the attempt, so the settle job looks it up by id rather than by listing.
 */
export async function chargeCard(
  deps: { db: DbOrTx; gateway: PaymentGateway },
  request: Parameters<PaymentGateway['charge']>[0],
): Promise<CardOutcome> {
  let outcome: CardOutcome;
  try {
    outcome = fromResult(await deps.gateway.charge(request));
  } catch (error) {
    return { outcome: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
  if (outcome.outcome === 'unknown' && outcome.chargeId) {
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
  outcome: Exclude<CardOutcome, { outcome: 'unknown' }>,
  now: Date,
  hooks: { onPaid: (order: OrderRow) => Promise<void>; onRefused?: (order: OrderRow) => Promise<void> },
  attemptStatus: 'declined' | 'error' = 'declined',
): Promise<OrderRow | null> {
  const order = await lockBill(tx, orderId);
  if (!order || order.status !== BillStatus.ChargePending) return order;
  if (outcome.outcome === 'succeeded') {
    await hooks.onPaid(order);
    await finishAttempt(tx, key, { status: 'succeeded', gatewayChargeId: outcome.chargeId });
    return updateBill(tx, orderId, {
      status: BillStatus.ChargePaid,
      paidAt: now,
      attempts: order.attempts + 1,
    });
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
  outcome: Exclude<CardOutcome, { outcome: 'unknown' }>;
  attemptStatus: 'declined' | 'error';
};

const ABANDONED_MESSAGE = 'The payment was not completed. Nothing was charged; please try again.';
const abandoned: SettledOutcome = {
  outcome: { outcome: 'declined', code: 'abandoned', message: ABANDONED_MESSAGE },
  attemptStatus: 'error',
};

/**
 * The settle job's question about a waiting customer's pending charge (DESIGN.md §3): the gateway
 * is asked by the attempt's PaymentIntent id when one was kept, else with the organization's
 * customer (listing by customer is consistent where search is not). Found → its answer; never seen after `abandonAfterMs` → not charged; no answer at all
 * (the gateway failing, or the charge still processing) for more than a day → given up on the
 * not-charged path and the operator alerted. null: ask again on a later tick.
 */
export async function settleOutcomeOf(
  deps: { db: DbOrTx; gateway: PaymentGateway; logger?: BillingLogger },
  order: Pick<OrderRow, 'id' | 'organizationId' | 'billingDate'>,
  key: string,
  now: Date,
  abandonAfterMs: number,
): Promise<SettledOutcome | null> {
  const [org] = await deps.db
    .select({ customerId: organizations.gatewayCustomerId })
    .from(organizations)
    .where(eq(organizations.id, order.organizationId));
  const attempt = await attemptOf(deps.db, key);
  const found = await askGateway(deps.gateway, key, {
    chargeId: attempt?.gatewayChargeId ?? null,
    customerId: org?.customerId ?? null,
    since: order.billingDate,
  });
  const age = now.getTime() - order.billingDate.getTime();
  if (!found) return age > abandonAfterMs ? abandoned : null;
  if (found.outcome !== 'unknown') return { outcome: found, attemptStatus: 'declined' };
  if (age <= SETTLE_WITHIN_MS) return null;
  deps.logger?.error(
    { orderId: order.id, key, reason: found.message },
    'operator alert: the card processor could not say within a day what became of this charge; it is given up as not charged',
  );
  return abandoned;
}
