import { BillStatus } from '@store/core';
import { recordAudit } from '../audit';
import {
  type BillingCycleCounts,
  type BillingDeps,
  carriedBillsOf,
  chargeDue,
  emptyCounts,
  insertBillsStartingCharges,
  markOverdueBillsUnpaid,
  optionsOf,
  overageBill,
  type PlannedAttempt,
  renewalBill,
  retryPastDueBills as retryBills,
  StartedBatches,
  settleCarriedBills,
  writeOffEndedCarriedBills,
} from '../bills';
import { reissueForPaidRenewals } from '../licensing';
import {
  advanceBasePeriods,
  claimDueOverage,
  claimDueRenewals,
  deactivateForUnpaidBills,
  endCancelledSubscriptions,
  rollOverUsage,
} from '../subscriptions';
import { enqueueDeactivationNotices } from './billing-notices';

export type { BillingCycleCounts, BillingDeps, BillingLogger, BillingOptions } from '../bills';

/**
 * The one entry point of scheduled billing (scheduler, operator CLI, tests): ends cancelled
 * subscriptions, deactivates those 14 days unpaid, bills overage and renewals, charges what is due,
 * retries past-due bills and settles charges a crash left open. Passes repeat until one finds
 * nothing to do, so a clock moved far ahead catches up period by period, in date order per
 * subscription: one renewal per subscription per pass, deactivation before the next renewal.
 */
export async function runBillingCycle(deps: BillingDeps): Promise<BillingCycleCounts> {
  const counts = emptyCounts();
  const { maxPasses } = optionsOf(deps);
  while (counts.passes < maxPasses && !deps.signal?.aborted) {
    counts.passes += 1;
    const before = workDone(counts);
    await runPass(deps, counts);
    if (workDone(counts) === before) break;
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

async function runPass(deps: BillingDeps, counts: BillingCycleCounts): Promise<void> {
  await deactivateOverdue(deps, counts);
  // Each batch of bills is charged as soon as it is committed, while the next batches are made.
  const started = new StartedBatches();
  const billing = billDue(deps, counts, started).finally(() => started.close());
  await Promise.all([billing, chargeDue(deps, counts, reissueOfflineLicensesOf(deps), { started })]);
}

async function billDue(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  started: StartedBatches,
): Promise<void> {
  await billOverage(deps, counts, started);
  await renewDue(deps, counts, started);
  counts.ended += await endCancelledSubscriptions(deps.db, deps.clock.now());
  // A small bill waiting for a next bill that will never come (core's smallAmountOutcome).
  await writeOffEndedCarriedBills(deps.db, deps.clock.now());
}

async function deactivateOverdue(deps: BillingDeps, counts: BillingCycleCounts): Promise<void> {
  const { batchSize } = optionsOf(deps);
  for (;;) {
    const now = deps.clock.now();
    const done = await deps.db.transaction(async (tx) => {
      const bills = await markOverdueBillsUnpaid(tx, now, batchSize);
      const subs = await deactivateForUnpaidBills(tx, bills);
      await enqueueDeactivationNotices(tx, subs);
      counts.unpaid += bills.length;
      counts.deactivated += subs.length;
      return bills.length < batchSize;
    });
    if (done) return;
  }
}

/**
 * Claims due subscriptions a small batch at a time; each batch's bills are created (their first
 * charge attempts started) and the subscriptions moved into their new period in one transaction, so
 * a crash leaves either neither or both. The charge follows after the commit (chargeDue), never
 * under these locks.
 */
async function renewDue(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  started: StartedBatches,
): Promise<void> {
  const { batchSize } = optionsOf(deps);
  let afterId = 0;
  for (;;) {
    const now = deps.clock.now();
    let charges: PlannedAttempt[] = [];
    const claimed = await deps.db.transaction(async (tx) => {
      const claim = await claimDueRenewals(tx, now, afterId, batchSize);
      const subs = claim.due;
      if (subs.length === 0) return claim;
      const carries = await carriedBillsOf(
        tx,
        subs.map((s) => s.id),
      );
      const made = subs.map((s) => ({ sub: s, ...renewalBill(s, now, carries.get(s.id)) }));
      const { ids, started: attempts } = await insertBillsStartingCharges(
        tx,
        made.map((m) => m.bill),
        now,
        leaseEnd(deps, now),
      );
      charges = attempts;
      await advanceBasePeriods(
        tx,
        made.map((m) => ({ sub: m.sub, periodStart: m.bill.billingDate, periodEnd: m.periodEnd })),
      );
      const inserted = made.filter((m) => ids.has(m.bill.periodKey));
      await settleCarriedBills(
        tx,
        inserted.flatMap((m) => (carries.get(m.sub.id) ?? []).map((c) => c.orderId)),
        now,
      );
      for (const m of inserted) {
        counts.renewed += 1;
        if (m.bill.status === BillStatus.OfflineInvoice) counts.invoiced += 1;
      }
      return claim;
    });
    started.push(charges);
    if (!claimed.full) return;
    afterId = claimed.lastId;
  }
}

const leaseEnd = (deps: BillingDeps, now: Date) => new Date(now.getTime() + optionsOf(deps).chargeLeaseMs);

async function billOverage(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  started: StartedBatches,
): Promise<void> {
  const { batchSize } = optionsOf(deps);
  let afterId = 0;
  for (;;) {
    const now = deps.clock.now();
    let charges: PlannedAttempt[] = [];
    const claimed = await deps.db.transaction(async (tx) => {
      const subs = await claimDueOverage(tx, now, afterId, batchSize);
      if (subs.length === 0) return subs;
      const made = subs.map((s) => overageBill(s, now));
      const bills = made.flatMap((m) => (m.bill ? [m.bill] : []));
      const inserted = await insertBillsStartingCharges(tx, bills, now, leaseEnd(deps, now));
      const ids = inserted.ids;
      charges = inserted.started;
      await rollOverUsage(
        tx,
        made.map((m) => m.rollover),
      );
      for (const b of bills) {
        if (!ids.has(b.periodKey)) continue;
        counts.overageBilled += 1;
        if (b.status === BillStatus.OfflineInvoice) counts.invoiced += 1;
      }
      return subs;
    });
    started.push(charges);
    if (claimed.length === 0) return;
    afterId = claimed[claimed.length - 1]!.id;
    if (claimed.length < batchSize) return;
  }
}

/**
 * Retries an organization's past-due bills at once (its billing information was just updated,
 * docs/design.md §3). Returns what happened; the store's billing-info update calls this.
 */
export const retryPastDueBills = (deps: BillingDeps, organizationId: number) =>
  retryBills(deps, organizationId, reissueOfflineLicensesOf(deps));

/** Charges an organization's due bills now (a webhook made an open attempt due, decision 018). */
export const chargeOrganizationNow = (deps: BillingDeps, organizationId: number) =>
  chargeDue(deps, emptyCounts(), reissueOfflineLicensesOf(deps), { organizationId });

/** docs/design.md §5: each paid renewal issues a new offline license file (see offline-license.ts). */
const reissueOfflineLicensesOf = (deps: BillingDeps) => (orderIds: number[], now: Date) =>
  reissueForPaidRenewals(deps.db, orderIds, now);
