import { billAttemptKey, billMention, SETTLE_WITHIN_MS } from '@store/core';
import type { ChargeResult } from '../../gateway/payment-gateway';
import { type AttemptOutcome, replaceOpenAttempt } from './attempt-outcomes.repository';
import type { ChargeClaim } from './bill-attempts.repository';
import type { BillingDeps } from './billing-engine-options';
import { ABANDON_AFTER_MS } from './card-charge';

// One charge attempt at the gateway, made with no transaction open, and the end every outcome has
// (docs/design.md §3). The attempt's key was committed before this is called.

/** Transient gateway failures of one attempt before it is given up as a decline (docs/design.md §3). */
export const MAX_TRANSIENT_FAILURES = 5;
/** The first wait after a transient failure; it doubles with each one (1, 2, 4, 8 minutes). */
const TRANSIENT_BACKOFF_MS = 60_000;
/** How often a charge the gateway is still processing is asked about. */
const PENDING_RECHECK_MS = 10 * 60_000;

const givenUp = (outcome: AttemptOutcome): AttemptOutcome => ({
  ...outcome,
  outcome: 'declined',
  code: 'gateway_unavailable',
  message: 'The card processor did not complete the charge.',
});

/**
 * Every outcome has an end: a transient failure is asked about again with backoff, a bounded number
 * of times, and a charge still processing is asked about until a day has passed since the attempt
 * (Stripe may forget keys after that); then the attempt is treated as a permanent failure (the
 * decline path: PastDue, retries, UnPaid at the due date) and the operator is alerted in the log.
 */
export function withEnd(
  deps: BillingDeps,
  outcome: AttemptOutcome,
  failuresBefore: number,
  since: Date | null,
): AttemptOutcome {
  const now = deps.clock.now().getTime();
  if (outcome.outcome === 'pending') {
    if (!since || now - since.getTime() < SETTLE_WITHIN_MS) {
      return { ...outcome, nextAt: new Date(now + PENDING_RECHECK_MS) };
    }
    deps.logger?.error(
      { orderId: outcome.orderId, key: outcome.key, chargeId: outcome.chargeId },
      'operator alert: the card processor was still processing this charge after a day; the bill follows the decline path',
    );
    return givenUp(outcome);
  }
  // The customer has until then to authenticate; the bill stays leased to them meanwhile.
  if (outcome.outcome === 'requires_action') return { ...outcome, nextAt: new Date(now + ABANDON_AFTER_MS) };
  if (outcome.outcome !== 'unknown') return outcome;
  const failures = failuresBefore + 1;
  if (failures >= MAX_TRANSIENT_FAILURES) {
    deps.logger?.error(
      { orderId: outcome.orderId, key: outcome.key, failures, reason: outcome.message },
      'operator alert: the card processor failed this charge repeatedly; the bill follows the decline path',
    );
    return givenUp(outcome);
  }
  return { ...outcome, nextAt: new Date(now + TRANSIENT_BACKOFF_MS * 2 ** (failures - 1)) };
}

export async function attemptCharge(
  deps: BillingDeps,
  claim: ChargeClaim,
  key: string,
  settling: boolean,
): Promise<AttemptOutcome> {
  let base = { orderId: claim.orderId, key };
  if (!claim.customerId || !claim.paymentMethodId) {
    return { ...base, outcome: 'declined', code: 'no_payment_method', message: 'No card on file.' };
  }
  try {
    let result: ChargeResult | null = null;
    // Settling an attempt whose answer was lost (a timeout, a 5xx, a crash): its PaymentIntent by
    // the stored id, else by listing the customer's since the attempt (docs/design.md §3). When the
    // gateway has none, the same key is tried again (idempotent, so never a second charge) while a
    // call made with it may still be running, i.e. until the lease of its last call has ended, since
    // no call outlives its lease; after that a new key, since the old one may be spent (Stripe
    // replays a stored 5xx for it). A key no call was answered for is simply charged again.
    if (settling) {
      result = await deps.gateway.findCharge(key, {
        chargeId: claim.openChargeId,
        customerId: claim.customerId,
        since: claim.openSince,
      });
      const callsEnded = claim.openSentUntil !== null && claim.openSentUntil <= deps.clock.now();
      if (!result && callsEnded) {
        const newKey = billAttemptKey(claim.orderId, claim.attempts + 1);
        const replaced = await deps.db.transaction((tx) =>
          replaceOpenAttempt(tx, {
            orderId: claim.orderId,
            oldKey: key,
            newKey,
            amountCents: claim.amountCents,
            failures: claim.openFailures,
            now: deps.clock.now(),
          }),
        );
        if (!replaced) return { ...base, outcome: 'unknown', message: 'The attempt was settled meanwhile.' };
        base = { orderId: claim.orderId, key: newKey };
      }
    }
    result ??= await deps.gateway.charge({
      customerId: claim.customerId,
      paymentMethodId: claim.paymentMethodId,
      amountCents: claim.amountCents,
      idempotencyKey: base.key,
      description: `${claim.kind === 'overage' ? 'Overage' : 'Renewal'} ${billMention(claim)}`,
      ...(claim.onSession ? { onSession: true } : {}),
    });
    // A charge still waiting for the customer's authentication (the Pay Bills page, decision 024):
    // met again while settling, the customer left it, so it is cancelled and ends as it then stands.
    if (result.status === 'requires_action' && settling)
      result = await deps.gateway.cancelCharge(result.chargeId);
    if (result.status === 'succeeded') return { ...base, outcome: 'succeeded', chargeId: result.chargeId };
    if (result.status === 'pending') return { ...base, outcome: 'pending', chargeId: result.chargeId };
    if (result.status === 'requires_action') {
      return {
        ...base,
        outcome: 'requires_action',
        chargeId: result.chargeId,
        clientSecret: result.clientSecret,
      };
    }
    return {
      ...base,
      outcome: 'declined',
      code: result.code,
      message: result.message,
      chargeId: result.chargeId ?? null,
    };
  } catch (error) {
    deps.logger?.warn(
      { err: error, orderId: claim.orderId, key: base.key },
      'charge outcome unknown; will settle with the gateway',
    );
    return { ...base, outcome: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}
