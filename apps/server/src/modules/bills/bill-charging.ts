import {
  billAttemptKey,
  billMention,
  DunningMessages,
  type DunningSettings,
  formatLongDate,
  formatUsd,
  PAY_BILLS_PATH,
  retryDatesAfter,
} from '@store/core';
import type { DbOrTx } from '../../db/client';
import { enqueueMails } from '../../mail/outbox';
import { type AttemptOutcome, declinedAttempts, recordOutcomes } from './attempt-outcomes.repository';
import { type ChargeClaim, claimChargeableBills, startAttempts } from './bill-attempts.repository';
import { adminEmails, billDates, makePastDueBillsDue } from './bill-batches.repository';
import { announceBills, billsPaid } from './bill-events';
import { type BillingCycleCounts, type BillingDeps, emptyCounts, optionsOf } from './billing-engine-options';
import { attemptCharge, withEnd } from './charge-attempt';
import { holdLeases } from './charge-lease.repository';
import { readDunningSettings } from './dunning-settings';
import type { PlannedAttempt, StartedBatches } from './first-attempts';

// Charging scheduled bills (renewal, overage): claim a batch and record each attempt's key, call the
// gateway with no transaction open, record what it answered (docs/design.md §3).

/** Told of the bills just paid (the caller re-issues what follows a payment, e.g. offline license files). */
export type PaidHook = (orderIds: number[], paidAt: Date) => Promise<void>;

/**
 * Charges every bill whose attempt is due, batch by batch; optionally one organization's or one bill's only. Given
 * the batches billing is making (`started`, their first attempts started as they were made), it
 * charges each as soon as it is committed, and once billing has ended claims what else is due.
 */
export async function chargeDue(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  onPaid: PaidHook,
  scope: { organizationId?: number; orderId?: number; started?: StartedBatches } = {},
): Promise<void> {
  const { batchSize, chargeWorkers } = optionsOf(deps);
  // Several batches in flight: one is at the gateway while another's outcomes are being recorded.
  // Claims skip locked rows and lease what they take, so the workers never charge a bill twice.
  const worker = async () => {
    for (let batch = await scope.started?.next(); batch; batch = await scope.started?.next()) {
      await chargeStarted(deps, counts, batch, onPaid);
    }
    while ((await chargeBatch(deps, counts, batchSize, onPaid, scope)) === batchSize);
  };
  await Promise.all(Array.from({ length: chargeWorkers }, worker));
}

async function chargeBatch(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  batchSize: number,
  onPaid: PaidHook,
  scope: { organizationId?: number; orderId?: number },
): Promise<number> {
  const { chargeLeaseMs } = optionsOf(deps);
  const now = deps.clock.now();
  // Claim and record each attempt's key before any gateway call (a crash after this point leaves a
  // 'started' attempt whose key the next claimant settles with the gateway).
  const planned = await deps.db.transaction(async (tx) => {
    const claims = await claimChargeableBills(tx, now, batchSize, scope.organizationId, scope.orderId);
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
  await chargeStarted(deps, counts, planned, onPaid);
  return planned.length;
}

/**
 * Charges attempts whose keys are committed, then records what the gateway answered. The gateway
 * is called a group of `chargeConcurrency` at a time, each group's leases taken right before its
 * calls (holdLeases): an attempt whose bill was taken over while it waited is left to that claimant.
 */
async function chargeStarted(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  planned: PlannedAttempt[],
  onPaid: PaidHook,
): Promise<void> {
  if (planned.length === 0) return;
  const { chargeConcurrency, chargeLeaseMs } = optionsOf(deps);
  const outcomes: { claim: ChargeClaim; outcome: AttemptOutcome }[] = [];
  for (let from = 0; from < planned.length; from += chargeConcurrency) {
    const group = planned.slice(from, from + chargeConcurrency);
    const sentUntil = new Date(deps.clock.now().getTime() + chargeLeaseMs);
    const held = await holdLeases(
      deps.db,
      group.map((a) => ({ orderId: a.orderId, lease: a.claim.lease })),
      sentUntil,
    );
    // The gateway, with no transaction open.
    const answered = await Promise.all(
      group
        .filter((a) => held.has(a.orderId))
        .map(async (a) => {
          counts.chargeAttempts += 1;
          if (!a.isNew) counts.recovered += 1;
          const outcome = await attemptCharge(deps, a.claim, a.key, !a.isNew);
          const since = a.isNew ? null : a.claim.openSince;
          const ended = withEnd(deps, outcome, a.isNew ? 0 : a.claim.openFailures, since);
          return { claim: a.claim, outcome: { ...ended, sentUntil } };
        }),
    );
    outcomes.push(...answered);
  }

  // The outcomes; the receipts and decline notices are written with them (decision 018).
  const after = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const dunning = await readDunningSettings(tx);
    const { paid, declined } = await recordOutcomes(
      tx,
      outcomes.map((o) => o.outcome),
      after,
      dunning.retryDays,
    );
    await billsPaid(tx, paid, after);
    await announceBills(tx, 'bill.payment_failed', declined, after);
    const newlyDeclined = new Set(declined.map((b) => b.id));
    for (const { claim, outcome } of outcomes) {
      if (newlyDeclined.has(claim.orderId))
        await notifyDeclined(tx, { publicUrl: deps.publicUrl, dunning, now: after }, claim, outcome);
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
}

/**
 * The decline mail (docs/decisions/042): once per bill, at its first decline, when the operator keeps
 * that reminder on; later declines are silent, the reminders before the deactivation follow on their
 * days. It leads to the pay-now page, where the card on file or a new one pays the bill and the bank
 * can ask for authentication (3-D Secure, decision 024).
 */
async function notifyDeclined(
  tx: DbOrTx,
  at: { publicUrl: string | undefined; dunning: DunningSettings; now: Date },
  claim: ChargeClaim,
  outcome: AttemptOutcome,
): Promise<void> {
  if (!at.dunning.remindAtDecline) return;
  if ((await declinedAttempts(tx, claim.orderId)) !== 1) return;
  const to = await adminEmails(tx, claim.organizationId);
  const dates = await billDates(tx, claim.orderId);
  if (to.length === 0 || !dates) return;
  const due = dates.dueDate ? formatLongDate(dates.dueDate) : '';
  const authenticate = outcome.code === 'authentication_required';
  const text = [
    `We could not charge your card for ${billMention(claim)} (${formatUsd(claim.amountCents)}).`,
    `Reason: ${outcome.message ?? 'Your card was declined.'}`,
    '',
    authenticate
      ? `Your bank asks you to confirm this payment. Please pay the bill at ${at.publicUrl ?? ''}${PAY_BILLS_PATH}, where your bank can ask you to authenticate it.`
      : `Please pay the bill at ${at.publicUrl ?? ''}${PAY_BILLS_PATH} with the card on file or a new card.`,
    DunningMessages.retriesAhead(retryDatesAfter(dates.billingDate, at.now, at.dunning.retryDays)),
    `If the bill is still unpaid on ${due}, the subscription on it is deactivated and its license stops working.`,
  ].join('\n');
  const subject = authenticate
    ? `Please authenticate the payment of ${billMention(claim)}`
    : `Payment failed for ${billMention(claim)}`;
  await enqueueMails(
    tx,
    to.map((address) => ({ to: address, subject, text })),
  );
}

/**
 * Retries an organization's past-due bills at once (its billing information was just updated,
 * docs/design.md §3). Returns what happened; the store's billing-info update calls this.
 */
export async function retryPastDueBills(deps: BillingDeps, organizationId: number, onPaid: PaidHook) {
  const counts = emptyCounts();
  const due = await makePastDueBillsDue(deps.db, organizationId, deps.clock.now());
  if (due > 0) await chargeDue(deps, counts, onPaid, { organizationId });
  return { retried: counts.chargeAttempts, paid: counts.paid, declined: counts.declined };
}
