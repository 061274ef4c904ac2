import { billAttemptKey, formatLongDate, formatUsd, SETTLE_WITHIN_MS } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { ChargeResult } from '../../gateway/payment-gateway';
import { enqueueMails } from '../../mail/outbox';
import {
  type AttemptOutcome,
  type ChargeClaim,
  claimChargeableBills,
  declinedAttempts,
  recordOutcomes,
  replaceOpenAttempt,
  startAttempts,
} from './bill-attempts.repository';
import { adminEmails, billDueDate, makePastDueBillsDue } from './bill-batches.repository';
import {
  type BillingCycleCounts,
  type BillingDeps,
  emptyCounts,
  optionsOf,
  RETRY_INTERVAL_MS,
} from './bill-deps';
import { enqueueReceipts } from './bill-notices';

// Charging scheduled bills (renewal, overage): claim a batch and record each attempt's key, call the
// gateway with no transaction open, record what it answered (DESIGN.md §3).

/** Told of the bills just paid (the caller re-issues what follows a payment, e.g. offline license files). */
export type PaidHook = (orderIds: number[], paidAt: Date) => Promise<void>;

/**
 * Charges every bill whose attempt is due, batch by batch; optionally one organization's only. Given
 * the billing still under way (`whileBilling`), it charges each batch of new bills as soon as it is
 * committed, and finishes with a claim made after the billing ended.
 */
export async function chargeDue(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  onPaid: PaidHook,
  scope: { organizationId?: number; whileBilling?: Promise<unknown> } = {},
): Promise<void> {
  const { batchSize, chargeWorkers } = optionsOf(deps);
  let billing = scope.whileBilling !== undefined;
  const billed = scope.whileBilling?.then(
    () => {
      billing = false;
    },
    () => {
      billing = false;
    },
  );
  // Several batches in flight: one is at the gateway while another's outcomes are being recorded.
  // Claims skip locked rows and lease what they take, so the workers never charge a bill twice.
  const worker = async () => {
    for (;;) {
      const last = !billing;
      const claimed = await chargeBatch(deps, counts, batchSize, onPaid, scope.organizationId);
      if (claimed === batchSize) continue;
      if (last) return;
      // The next batch of bills, or the end of the billing, whichever comes first.
      await Promise.race([billed, new Promise((resolve) => setTimeout(resolve, BILLING_POLL_MS))]);
    }
  };
  await Promise.all(Array.from({ length: chargeWorkers }, worker));
}

/** How long a charge worker waits for the next batch of bills while billing goes on. */
const BILLING_POLL_MS = 20;

async function chargeBatch(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  batchSize: number,
  onPaid: PaidHook,
  organizationId?: number,
): Promise<number> {
  const { chargeConcurrency, chargeLeaseMs } = optionsOf(deps);
  const now = deps.clock.now();
  // 1. Claim and record each attempt's key before any gateway call (a crash after this point
  //    leaves a 'started' attempt whose key the next claimant settles with the gateway).
  const planned = await deps.db.transaction(async (tx) => {
    const claims = await claimChargeableBills(tx, now, batchSize, organizationId);
    const attempts = claims.map((c) => ({
      claim: c,
      orderId: c.orderId,
      amountCents: c.amountCents,
      key: c.openKey ?? billAttemptKey(c.orderId, c.attempts + 1),
      isNew: c.openKey === null,
    }));
    await startAttempts(tx, attempts, now, new Date(now.getTime() + chargeLeaseMs));
    return attempts;
  });
  if (planned.length === 0) return 0;

  // 2. The gateway, with no transaction open.
  const outcomes = await mapLimit(planned, chargeConcurrency, async (a) => {
    counts.chargeAttempts += 1;
    if (!a.isNew) counts.recovered += 1;
    const outcome = await attemptCharge(deps, a.claim, a.key, !a.isNew);
    const since = a.isNew ? null : a.claim.openSince;
    return { claim: a.claim, outcome: withEnd(deps, outcome, a.isNew ? 0 : a.claim.openFailures, since) };
  });

  // 3. Record the outcomes; the receipts and decline notices are written with them (decision 018).
  const after = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const paid = await recordOutcomes(
      tx,
      outcomes.map((o) => o.outcome),
      after,
      new Date(after.getTime() + RETRY_INTERVAL_MS),
    );
    await enqueueReceipts(tx, paid);
    for (const { claim, outcome } of outcomes) {
      if (outcome.outcome === 'declined') await notifyDeclined(tx, deps.publicUrl, claim, outcome);
    }
  });
  await onPaid(
    outcomes.filter((o) => o.outcome.outcome === 'succeeded').map((o) => o.claim.orderId),
    after,
  );
  for (const { outcome } of outcomes) {
    if (outcome.outcome === 'succeeded') counts.paid += 1;
    else if (outcome.outcome === 'declined') counts.declined += 1;
    else counts.unknown += 1;
  }
  return planned.length;
}

/** Transient gateway failures of one attempt before it is given up as a decline (DESIGN.md §3). */
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
function withEnd(
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

async function attemptCharge(
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
    // the stored id, else by listing the customer's since the attempt (DESIGN.md §3). When the
    // gateway has none, the same key is tried again (idempotent, so never a second charge) until
    // the attempt is older than the charge lease, which no call outlives; after that a new key,
    // since the old one may be spent (Stripe replays a stored 5xx for it).
    if (settling) {
      result = await deps.gateway.findCharge(key, {
        chargeId: claim.openChargeId,
        customerId: claim.customerId,
        since: claim.openSince,
      });
      const age = deps.clock.now().getTime() - (claim.openSince?.getTime() ?? 0);
      if (!result && age >= optionsOf(deps).chargeLeaseMs) {
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
      description: `${claim.kind === 'overage' ? 'Overage' : 'Renewal'} bill #${claim.orderId}`,
    });
    if (result.status === 'succeeded') return { ...base, outcome: 'succeeded', chargeId: result.chargeId };
    if (result.status === 'pending') return { ...base, outcome: 'pending', chargeId: result.chargeId };
    return { ...base, outcome: 'declined', code: result.code, message: result.message };
  } catch (error) {
    deps.logger?.warn(
      { err: error, orderId: claim.orderId, key: base.key },
      'charge outcome unknown; will settle with the gateway',
    );
    return { ...base, outcome: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}

async function notifyDeclined(
  tx: DbOrTx,
  publicUrl: string | undefined,
  claim: ChargeClaim,
  outcome: AttemptOutcome,
): Promise<void> {
  // The first decline of a bill, and every authentication_required (the customer must act).
  const first = (await declinedAttempts(tx, claim.orderId)) === 1;
  if (!first && outcome.code !== 'authentication_required') return;
  const to = await adminEmails(tx, claim.organizationId);
  if (to.length === 0) return;
  const dueDate = await billDueDate(tx, claim.orderId);
  const due = dueDate ? formatLongDate(dueDate) : '';
  const link = `${publicUrl ?? ''}/ModifyBillingInfo`;
  const text = [
    `We could not charge your card for bill #${claim.orderId} (${formatUsd(claim.amountCents)}).`,
    `Reason: ${outcome.message ?? 'Your card was declined.'}`,
    '',
    `Please update your billing information at ${link}; we will retry the charge at once.`,
    `We retry about every other day. If the bill is still unpaid on ${due}, the subscription on it is deactivated and its license stops working.`,
  ].join('\n');
  const subject = `Payment failed for bill #${claim.orderId}`;
  await enqueueMails(
    tx,
    to.map((address) => ({ to: address, subject, text })),
  );
}

/**
 * Retries an organization's past-due bills at once (its billing information was just updated,
 * DESIGN.md §3). Returns what happened; the store's billing-info update calls this.
 */
export async function retryPastDueBills(deps: BillingDeps, organizationId: number, onPaid: PaidHook) {
  const counts = emptyCounts();
  const due = await makePastDueBillsDue(deps.db, organizationId, deps.clock.now());
  if (due > 0) await chargeDue(deps, counts, onPaid, { organizationId });
  return { retried: counts.chargeAttempts, paid: counts.paid, declined: counts.declined };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}
