import { BillStatus } from '@store/core';
import type { Tx } from '../../db/client';
import {
  type BillingCycleCounts,
  type BillingDeps,
  optionsOf,
  overageBill,
  type PlannedAttempt,
  renewalBill,
  type StartedBatches,
} from '../bills';
import type { BillingEngineDeps } from './billing-engine-deps';

// The bills a billing pass makes: overage of the month that closed, and renewals of the periods that
// came due; each batch's first charge attempts are handed on to be charged after its commit.

/**
 * Claims due subscriptions a small batch at a time, after the last one claimed; each batch's bills
 * are created (their first charge attempts started) and the subscriptions moved into their new
 * period in one transaction, so a crash leaves either neither or both. The charge follows after the
 * commit (chargeDue), never under these locks.
 */
async function inClaimedBatches(
  deps: BillingEngineDeps,
  started: StartedBatches,
  batch: (
    tx: Tx,
    now: Date,
    afterId: number,
    limit: number,
  ) => Promise<{ full: boolean; lastId: number; charges: PlannedAttempt[] }>,
): Promise<void> {
  const { batchSize } = optionsOf(deps);
  let afterId = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await deps.db.transaction((tx) => batch(tx, now, afterId, batchSize));
    started.push(claimed.charges);
    if (!claimed.full) return;
    afterId = claimed.lastId;
  }
}

export const renewDue = (deps: BillingEngineDeps, counts: BillingCycleCounts, started: StartedBatches) =>
  inClaimedBatches(deps, started, async (tx, now, afterId, limit) => {
    const claim = await deps.subscriptions.claimDueRenewals(tx, now, afterId, limit);
    const subs = claim.due;
    if (subs.length === 0) return { ...claim, charges: [] };
    const carries = await deps.bills.carriedBillsOf(
      tx,
      subs.map((s) => s.id),
    );
    const made = subs.map((s) => ({ sub: s, ...renewalBill(s, now, carries.get(s.id)) }));
    const { ids, started: charges } = await deps.bills.insertBillsStartingCharges(
      tx,
      made.map((m) => m.bill),
      now,
      leaseEnd(deps, now),
    );
    await deps.subscriptions.advanceBasePeriods(
      tx,
      made.map((m) => ({
        sub: m.sub,
        periodStart: m.bill.billingDate,
        periodEnd: m.periodEnd,
        promotionCycle: m.promotionCycle,
      })),
      now,
    );
    const inserted = made.filter((m) => ids.has(m.bill.periodKey));
    await deps.bills.settleCarriedBills(
      tx,
      inserted.flatMap((m) => (carries.get(m.sub.id) ?? []).map((c) => c.orderId)),
      now,
    );
    for (const m of inserted) {
      counts.renewed += 1;
      if (m.bill.status === BillStatus.OfflineInvoice) counts.invoiced += 1;
    }
    return { ...claim, charges };
  });

const leaseEnd = (deps: BillingDeps, now: Date) => new Date(now.getTime() + optionsOf(deps).chargeLeaseMs);

export const billOverage = (deps: BillingEngineDeps, counts: BillingCycleCounts, started: StartedBatches) =>
  inClaimedBatches(deps, started, async (tx, now, afterId, limit) => {
    const subs = await deps.subscriptions.claimDueOverage(tx, now, afterId, limit);
    const last = { full: subs.length === limit, lastId: subs[subs.length - 1]?.id ?? afterId };
    if (subs.length === 0) return { ...last, charges: [] };
    const late = await deps.licensing.lateOverageDue(
      tx,
      subs.map((s) => s.id),
    );
    const made = subs.map((s) =>
      overageBill(
        s,
        now,
        late.filter((l) => l.subscriptionId === s.id),
      ),
    );
    const bills = made.flatMap((m) => (m.bill ? [m.bill] : []));
    const inserted = await deps.bills.insertBillsStartingCharges(tx, bills, now, leaseEnd(deps, now));
    // Late overage is billed once: marked in the transaction of the bill that carries it.
    await deps.licensing.markLateOverageBilled(
      tx,
      late
        .filter((l) =>
          made.some(
            (m) => m.rollover.id === l.subscriptionId && m.bill && inserted.ids.has(m.bill.periodKey),
          ),
        )
        .map((l) => l.id),
      now,
    );
    await deps.subscriptions.rollOverUsage(
      tx,
      made.map((m) => m.rollover),
    );
    counts.usageMonthsClosed += made.length;
    for (const b of bills) {
      if (!inserted.ids.has(b.periodKey)) continue;
      counts.overageBilled += 1;
      if (b.status === BillStatus.OfflineInvoice) counts.invoiced += 1;
    }
    return { ...last, charges: inserted.started };
  });
