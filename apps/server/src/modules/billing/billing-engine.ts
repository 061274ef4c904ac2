import type { BillingRunTrigger } from '@store/core';
import { recordAudit } from '../audit';
import {
  type BillingCycleCounts,
  type BillingLogger,
  emptyCounts,
  type FinalOutcome,
  optionsOf,
  retryBillNow,
  StartedBatches,
} from '../bills';
import { reactivateAfterLatePayments } from '../subscriptions';
import type { BillingEngineDeps } from './billing-engine-deps';
import { enqueueDeactivationNotices } from './billing-notices';
import { runRecordedBillingCycle } from './billing-runs';
import { billOverage, renewDue } from './due-bills';
import { settleChargeByEvent } from './settle-by-event';
import { settlePendingCharges } from './settle-pending';

export type { BillingCycleCounts, BillingDeps, BillingLogger, BillingOptions } from '../bills';

/** What one call adds to the engine's dependencies: the scheduler's shutdown signal, a request's log. */
export interface EngineCall {
  signal?: AbortSignal;
  logger?: BillingLogger;
}

/**
 * The money engine, built once where the app is composed (app.ts, jobs.ts, the operator's tool): the
 * billing cycle, the charges a customer or a webhook asks for now, and the settling of charges whose
 * answer was lost.
 */
export function createBillingEngine(deps: BillingEngineDeps) {
  const withRun = (run: EngineCall): BillingEngineDeps => ({ ...deps, ...definedOf(run) });
  const runCycle = (run: EngineCall = {}) => runBillingCycle(withRun(run));
  return {
    runCycle,
    /** The cycle, recorded as a billing run (the schedule's only when it did something). */
    runRecorded: (trigger: BillingRunTrigger, run: EngineCall = {}) =>
      runRecordedBillingCycle(deps, () => runCycle(run), trigger),
    /**
     * Retries an organization's past-due bills at once (its billing information was just updated,
     * docs/design.md §3). Returns what happened; the store's billing-info update calls this.
     */
    retryPastDueBills: (organizationId: number) =>
      deps.bills.retryPastDueBills(deps, organizationId, reissueOfflineLicensesOf(deps)),
    /**
     * The operator's Retry now of one card bill (docs/decisions/029): made due and charged by the
     * same claims, lease and keys as the scheduled retries, at once.
     */
    retryBillNow: (orderId: number, run: EngineCall = {}) => {
      const d = withRun(run);
      return retryBillNow(d, orderId, reissueOfflineLicensesOf(d));
    },
    /**
     * Waiting customers' checkouts, editor changes and refunds whose answer was lost, settled with the
     * gateway on their stored keys (docs/design.md §3); the scheduler's, every tick.
     */
    settlePendingCharges: () => settlePendingCharges(deps),
    /** Stripe's word on a charge (decision 018), settled sooner than the settle job would. */
    settleChargeByEvent: (key: string, outcome: FinalOutcome, run: EngineCall = {}) => {
      const d = withRun(run);
      return settleChargeByEvent(d, key, outcome, (organizationId) =>
        chargeOrganizationNow(d, organizationId),
      );
    },
  };
}
export type BillingEngine = ReturnType<typeof createBillingEngine>;

/** A run's options that are set, so an unset one leaves the engine's own (its logger) in place. */
const definedOf = (run: EngineCall): EngineCall =>
  Object.fromEntries(Object.entries(run).filter(([, v]) => v !== undefined));

/**
 * The one entry point of scheduled billing (scheduler, operator CLI, tests): ends cancelled
 * subscriptions, deactivates those 14 days unpaid, bills overage and renewals, charges what is due,
 * retries past-due bills and settles charges a crash left open. Passes repeat until one finds
 * nothing to do, so a clock moved far ahead catches up period by period, in date order per
 * subscription: one renewal per subscription per pass, deactivation before the next renewal.
 */
async function runBillingCycle(deps: BillingEngineDeps): Promise<BillingCycleCounts> {
  const counts = emptyCounts();
  const { maxPasses } = optionsOf(deps);
  while (counts.passes < maxPasses && !deps.signal?.aborted) {
    counts.passes += 1;
    // A month of usage closed without a bill is progress too: a renewal waits for it (claimDueRenewals).
    const progress = () => workDone(counts) + counts.usageMonthsClosed;
    const before = progress();
    await runPass(deps, counts);
    if (progress() === before) break;
  }
  if (workDone(counts) > 0)
    await recordAudit(deps.db, 'billing-run', billingRunEntry(counts, deps.clock.now()));
  return counts;
}

/** A run is one audit entry with its counts, never one per bill: each bill is its own record (docs/decisions/017). */
const billingRunEntry = (counts: BillingCycleCounts, at: Date) => ({
  organizationId: null,
  at,
  subject: `Renewed ${counts.renewed}, invoiced ${counts.invoiced}, paid ${counts.paid}, declined ${counts.declined}, deactivated ${counts.deactivated}`,
  after: { ...counts },
});

const workDone = (c: BillingCycleCounts) =>
  c.ended + c.unpaid + c.renewed + c.overageBilled + c.invoiced + c.chargeAttempts + c.recovered;

async function runPass(deps: BillingEngineDeps, counts: BillingCycleCounts): Promise<void> {
  await deactivateOverdue(deps, counts);
  // Each batch of bills is charged as soon as it is committed, while the next batches are made.
  const started = new StartedBatches();
  const billing = billDue(deps, counts, started).finally(() => started.close());
  await Promise.all([
    billing,
    deps.bills.chargeDue(deps, counts, reissueOfflineLicensesOf(deps), { started }),
  ]);
}

async function billDue(
  deps: BillingEngineDeps,
  counts: BillingCycleCounts,
  started: StartedBatches,
): Promise<void> {
  await billOverage(deps, counts, started);
  // A trial at its end converts as a renewal (its first period charged; declined, dunning as any
  // renewal); one without a card to charge ends first, so it is never billed (docs/decisions/043).
  counts.ended += await deps.subscriptions.endTrialsWithoutCard(deps.db, deps.clock.now());
  await renewDue(deps, counts, started);
  counts.ended += await deps.subscriptions.endCancelledSubscriptions(deps.db, deps.clock.now());
  // A small bill waiting for a next bill that will never come (core's smallAmountOutcome).
  await deps.bills.writeOffEndedCarriedBills(deps.db, deps.clock.now());
}

async function deactivateOverdue(deps: BillingEngineDeps, counts: BillingCycleCounts): Promise<void> {
  const { batchSize } = optionsOf(deps);
  for (;;) {
    const now = deps.clock.now();
    const done = await deps.db.transaction(async (tx) => {
      const bills = await deps.bills.markOverdueBillsUnpaid(tx, now, batchSize);
      const subs = await deps.subscriptions.deactivateForUnpaidBills(tx, bills, now);
      await enqueueDeactivationNotices(tx, subs);
      counts.unpaid += bills.length;
      counts.deactivated += subs.length;
      return bills.length < batchSize;
    });
    if (done) return;
  }
}

/** Charges an organization's due bills now (a webhook made an open attempt due, decision 018). */
const chargeOrganizationNow = (deps: BillingEngineDeps, organizationId: number) =>
  deps.bills.chargeDue(deps, emptyCounts(), reissueOfflineLicensesOf(deps), { organizationId });

/**
 * What follows a payment: a subscription deactivated for the bill (paid after its grace, on the
 * operator's retry) runs again (docs/decisions/029), and each paid renewal issues a new offline
 * license file (docs/design.md §5, see offline-license.ts).
 */
const reissueOfflineLicensesOf = (deps: BillingEngineDeps) => async (orderIds: number[], now: Date) => {
  await reactivateAfterLatePayments(deps.db, orderIds, now);
  await deps.licensing.reissueForPaidRenewals(deps.db, orderIds, now);
};
