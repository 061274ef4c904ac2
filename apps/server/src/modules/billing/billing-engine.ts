import {
  addDays,
  addMonthsClamped,
  BillStatus,
  billingCycle,
  formatLongDate,
  formatUsd,
  monthsPerCycle,
  overageFigureCents,
  pricePerCycleCents,
  productLabel,
} from '@store/core';
import type { Db } from '../../db/client';
import type { ChargeResult, PaymentGateway } from '../../gateway/payment-gateway';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../mail/mailer';
import { reissueOfflineLicense } from '../licensing/licensing.service';
import {
  type AttemptOutcome,
  adminEmails,
  advanceBasePeriods,
  billDueDate,
  billedToOf,
  type ChargeClaim,
  claimChargeableBills,
  claimDueOverage,
  claimDueRenewals,
  claimOverdueBills,
  type DueSubscription,
  endCancelledSubscriptions,
  insertBills,
  makePastDueBillsDue,
  markUnpaidAndDeactivate,
  type NewBill,
  offlineSubscriptionsOfRenewals,
  recordOutcomes,
  rollOverUsage,
  startAttempts,
} from './billing.repository';

const DAY_MS = 86_400_000;

/** SPEC.md §1, §9: a renewed subscription is deactivated if payment is not received within 14 days. */
export const GRACE_DAYS = 14;
/** DESIGN.md §3: a declined renewal is retried about every other day. */
export const RETRY_INTERVAL_MS = 2 * DAY_MS;

export interface BillingLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface BillingOptions {
  /** Rows claimed per transaction (small, so locks are short). */
  batchSize?: number;
  /** Gateway calls in flight at once within one batch. */
  chargeConcurrency?: number;
  /**
   * How long a bill being charged is reserved for the process charging it. A process that dies
   * mid-charge leaves the lease to expire; then another settles the recorded key with the gateway.
   */
  chargeLeaseMs?: number;
  /** Safety bound on passes per run (each pass renews at most one period per subscription). */
  maxPasses?: number;
}

export interface BillingDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  mailer: Mailer;
  logger?: BillingLogger;
  /** Links in mails (the Modify Billing Info screen). */
  publicUrl?: string;
  billing?: BillingOptions;
}

export interface BillingCycleCounts {
  passes: number;
  /** Cancelled subscriptions that reached their deactivateDate. */
  ended: number;
  /** Bills 14 days unpaid that became UnPaid. */
  unpaid: number;
  /** Subscriptions deactivated for an unpaid bill. */
  deactivated: number;
  renewed: number;
  overageBilled: number;
  /** Bills issued as offline invoices (renewal or overage), not charged. */
  invoiced: number;
  chargeAttempts: number;
  paid: number;
  declined: number;
  /** Gateway calls whose outcome was unknown (an exception): settled on a later pass. */
  unknown: number;
  /** Attempts left open by a crash, settled with the gateway on their recorded key. */
  recovered: number;
}

const emptyCounts = (): BillingCycleCounts => ({
  passes: 0,
  ended: 0,
  unpaid: 0,
  deactivated: 0,
  renewed: 0,
  overageBilled: 0,
  invoiced: 0,
  chargeAttempts: 0,
  paid: 0,
  declined: 0,
  unknown: 0,
  recovered: 0,
});

const optionsOf = (deps: BillingDeps) => ({
  batchSize: deps.billing?.batchSize ?? 100,
  chargeConcurrency: deps.billing?.chargeConcurrency ?? 8,
  chargeLeaseMs: deps.billing?.chargeLeaseMs ?? 10 * 60_000,
  maxPasses: deps.billing?.maxPasses ?? 200,
});

/** The gateway key of attempt n of a bill: each attempt its own key, derived from the bill (issue 7). */
export const attemptKey = (orderId: number, attempt: number) => `bill-${orderId}-attempt-${attempt}`;

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
  while (counts.passes < maxPasses) {
    counts.passes += 1;
    const before = workDone(counts);
    await runPass(deps, counts);
    if (workDone(counts) === before) break;
  }
  return counts;
}

const workDone = (c: BillingCycleCounts) =>
  c.ended + c.unpaid + c.renewed + c.overageBilled + c.invoiced + c.chargeAttempts + c.recovered;

async function runPass(deps: BillingDeps, counts: BillingCycleCounts): Promise<void> {
  await deactivateOverdue(deps, counts);
  await billOverage(deps, counts);
  await renewDue(deps, counts);
  counts.ended += await endCancelledSubscriptions(deps.db, deps.clock.now());
  await chargeDue(deps, counts);
}

async function deactivateOverdue(deps: BillingDeps, counts: BillingCycleCounts): Promise<void> {
  const { batchSize } = optionsOf(deps);
  for (;;) {
    const now = deps.clock.now();
    const done = await deps.db.transaction(async (tx) => {
      const bills = await claimOverdueBills(tx, now, batchSize);
      const subs = await markUnpaidAndDeactivate(tx, bills);
      counts.unpaid += bills.length;
      counts.deactivated += subs.length;
      return bills.length < batchSize;
    });
    if (done) return;
  }
}

const periodKey = (kind: 'renewal' | 'overage', subscriptionId: number, periodStart: Date) =>
  `${kind}:${subscriptionId}:${periodStart.toISOString()}`;

/** The renewal bill of a subscription's next period, priced from its saved values (DESIGN.md §2). */
export function renewalBill(sub: DueSubscription, now: Date): { bill: NewBill; periodEnd: Date } {
  const periodStart = sub.nextBaseBillingDate;
  const periodEnd = addMonthsClamped(periodStart, monthsPerCycle(sub.billingMode), sub.anchorDay);
  const billedTo = billedToOf(sub.organizationId, sub.org);
  const input = {
    plan: sub.plan,
    numberMachines: sub.numberMachines,
    xtraAutoTags: sub.xtraAutoTags,
    billingMode: sub.billingMode,
    cycleDiscountBp: sub.billingModeDiscountBp,
    orgDiscountBp: billedTo.orgDiscountBp ?? 0,
  };
  const amount = pricePerCycleCents(input);
  const list = pricePerCycleCents({ ...input, cycleDiscountBp: 0, orgDiscountBp: 0 });
  const byInvoice = billedTo.billedByInvoice;
  // A bill of nothing (a 100 % discount) is paid as it is made: there is nothing to charge.
  const free = amount === 0;
  const status = free
    ? byInvoice
      ? BillStatus.OfflinePaid
      : BillStatus.ChargePaid
    : byInvoice
      ? BillStatus.OfflineInvoice
      : BillStatus.ChargePending;
  return {
    periodEnd,
    bill: {
      organizationId: sub.organizationId,
      kind: 'renewal',
      status,
      totalCents: amount,
      billingDate: periodStart,
      dueDate: addDays(periodStart, GRACE_DAYS),
      periodKey: periodKey('renewal', sub.id, periodStart),
      nextAttemptAt: free || byInvoice ? null : now,
      paidAt: free ? now : null,
      billedTo,
      line: {
        subscriptionId: sub.id,
        description: sub.description,
        productName: productLabel(sub.plan.product),
        planName: sub.plan.planName,
        billingMode: sub.billingMode,
        periodStart,
        periodEnd,
        listCents: list,
        discountCents: list - amount,
        amountCents: amount,
      },
    },
  };
}

/**
 * Claims due subscriptions a small batch at a time; each batch's bills are created and the
 * subscriptions moved into their new period in one transaction, so a crash leaves either neither
 * or both. The charge follows after the commit (chargeDue), never under these locks.
 */
async function renewDue(deps: BillingDeps, counts: BillingCycleCounts): Promise<void> {
  const { batchSize } = optionsOf(deps);
  let afterId = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await deps.db.transaction(async (tx) => {
      const subs = await claimDueRenewals(tx, now, afterId, batchSize);
      if (subs.length === 0) return subs;
      const made = subs.map((s) => ({ sub: s, ...renewalBill(s, now) }));
      const ids = await insertBills(
        tx,
        made.map((m) => m.bill),
      );
      await advanceBasePeriods(
        tx,
        made.map((m) => ({ id: m.sub.id, periodStart: m.bill.billingDate, periodEnd: m.periodEnd })),
      );
      for (const m of made) {
        if (!ids.has(m.bill.periodKey)) continue;
        counts.renewed += 1;
        if (m.bill.status === BillStatus.OfflineInvoice) counts.invoiced += 1;
      }
      return subs;
    });
    if (claimed.length === 0) return;
    afterId = claimed[claimed.length - 1]!.id;
    if (claimed.length < batchSize) return;
  }
}

/**
 * The month of usage that ended at nextOverageBillingDate: spec §9's figure (with the annual
 * allowance where set), capped at maxAdditionalMonthlyCharge, never discounted. Returns the bill
 * (null when there is nothing to bill) and the counters for the next month.
 */
export function overageBill(sub: DueSubscription, now: Date) {
  const periodEnd = sub.nextOverageBillingDate!;
  const periodStart = addMonthsClamped(periodEnd, -1, sub.anchorDay);
  const allowance = sub.annualUsageReset ? 12 * sub.plan.baseRtus : 0;
  const overRtus = Math.max(0, sub.accruedRtusThisMonth - sub.billedRtusThisMonth - allowance);
  const figure = overageFigureCents({
    accruedRtusThisMonth: sub.accruedRtusThisMonth,
    billedRtusThisMonth: sub.billedRtusThisMonth,
    annualUsageReset: sub.annualUsageReset,
    baseRtus: sub.plan.baseRtus,
    overagePerRtuMicros: sub.plan.overagePerRtuMicros,
    overageChargesPaidThisMonthCents: sub.overageChargesPaidThisMonthCents,
  });
  const capped = Math.min(figure, Math.max(0, sub.maxAdditionalMonthlyChargeCents));
  const amount = Math.max(0, capped - sub.overageChargesPaidThisMonthCents);

  // Next month of usage. Without an annual reset every month starts from zero; with it the RTUs
  // billed count against the year's allowance until the usage year (12 months) ends.
  const nextOverageBillingDate = addMonthsClamped(periodEnd, 1, sub.anchorDay);
  let accrued = 0;
  let billed = 0;
  let usageYearStart: Date | null = null;
  if (sub.annualUsageReset) {
    usageYearStart = sub.usageYearStart ?? periodStart;
    if (periodEnd.getTime() >= addMonthsClamped(usageYearStart, 12, sub.anchorDay).getTime()) {
      usageYearStart = periodEnd;
    } else {
      accrued = sub.accruedRtusThisMonth;
      billed = sub.billedRtusThisMonth + overRtus;
    }
  }
  const rollover = { id: sub.id, nextOverageBillingDate, accrued, billed, usageYearStart };
  if (amount <= 0) return { bill: null, rollover };

  const billedTo = billedToOf(sub.organizationId, sub.org);
  const byInvoice = billedTo.billedByInvoice;
  const cappedNote =
    capped < figure ? `, capped at your maximum of ${formatUsd(sub.maxAdditionalMonthlyChargeCents)}` : '';
  const bill: NewBill = {
    organizationId: sub.organizationId,
    kind: 'overage',
    status: byInvoice ? BillStatus.OfflineInvoice : BillStatus.ChargePending,
    totalCents: amount,
    billingDate: periodEnd,
    dueDate: addDays(periodEnd, GRACE_DAYS),
    periodKey: periodKey('overage', sub.id, periodStart),
    nextAttemptAt: byInvoice ? null : now,
    paidAt: null,
    billedTo,
    line: {
      subscriptionId: sub.id,
      description: `${sub.description}: overage, ${overRtus.toLocaleString('en-US')} RTUs over the allowance${cappedNote}`,
      productName: productLabel(sub.plan.product),
      planName: sub.plan.planName,
      billingMode: sub.billingMode,
      periodStart,
      periodEnd,
      // Overage is never discounted; the cap is not a discount, so the line shows what is owed.
      listCents: amount,
      discountCents: 0,
      amountCents: amount,
    },
  };
  return { bill, rollover };
}

async function billOverage(deps: BillingDeps, counts: BillingCycleCounts): Promise<void> {
  const { batchSize } = optionsOf(deps);
  let afterId = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await deps.db.transaction(async (tx) => {
      const subs = await claimDueOverage(tx, now, afterId, batchSize);
      if (subs.length === 0) return subs;
      const made = subs.map((s) => overageBill(s, now));
      const bills = made.flatMap((m) => (m.bill ? [m.bill] : []));
      const ids = await insertBills(tx, bills);
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
    if (claimed.length === 0) return;
    afterId = claimed[claimed.length - 1]!.id;
    if (claimed.length < batchSize) return;
  }
}

/** Charges every bill whose attempt is due, batch by batch; optionally one organization's only. */
async function chargeDue(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  organizationId?: number,
): Promise<void> {
  const { batchSize } = optionsOf(deps);
  for (;;) {
    const claimed = await chargeBatch(deps, counts, batchSize, organizationId);
    if (claimed < batchSize) return;
  }
}

async function chargeBatch(
  deps: BillingDeps,
  counts: BillingCycleCounts,
  batchSize: number,
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
      key: c.openKey ?? attemptKey(c.orderId, c.attempts + 1),
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
    return { claim: a.claim, outcome: await attemptCharge(deps, a.claim, a.key, !a.isNew) };
  });

  // 3. Record the outcomes.
  const after = deps.clock.now();
  await deps.db.transaction((tx) =>
    recordOutcomes(
      tx,
      outcomes.map((o) => o.outcome),
      after,
      new Date(after.getTime() + RETRY_INTERVAL_MS),
      new Date(after.getTime() + Math.min(chargeLeaseMs, 60_000)),
    ),
  );
  await reissueOfflineLicensesOfPaidRenewals(
    deps,
    outcomes.filter((o) => o.outcome.outcome === 'succeeded').map((o) => o.claim.orderId),
    after,
  );
  for (const { claim, outcome } of outcomes) {
    if (outcome.outcome === 'succeeded') counts.paid += 1;
    else if (outcome.outcome === 'declined') {
      counts.declined += 1;
      await notifyDeclined(deps, claim, outcome).catch((error) =>
        deps.logger?.error({ err: error, orderId: claim.orderId }, 'could not mail the payment failure'),
      );
    } else counts.unknown += 1;
  }
  return planned.length;
}

async function attemptCharge(
  deps: BillingDeps,
  claim: ChargeClaim,
  key: string,
  settling: boolean,
): Promise<AttemptOutcome> {
  const base = { orderId: claim.orderId, key };
  if (!claim.customerId || !claim.paymentMethodId) {
    return { ...base, outcome: 'declined', code: 'no_payment_method', message: 'No card on file.' };
  }
  try {
    let result: ChargeResult | null = null;
    // Settling after a crash: ask first; if the gateway never saw the key, charging with the same
    // key is still safe (idempotent), so a slow original call can never add a second charge.
    if (settling) result = await deps.gateway.findCharge(key);
    result ??= await deps.gateway.charge({
      customerId: claim.customerId,
      paymentMethodId: claim.paymentMethodId,
      amountCents: claim.amountCents,
      idempotencyKey: key,
      description: `${claim.kind === 'overage' ? 'Overage' : 'Renewal'} bill #${claim.orderId}`,
    });
    return result.status === 'succeeded'
      ? { ...base, outcome: 'succeeded', chargeId: result.chargeId }
      : { ...base, outcome: 'declined', code: result.code, message: result.message };
  } catch (error) {
    deps.logger?.warn(
      { err: error, orderId: claim.orderId, key },
      'charge outcome unknown; will settle with the gateway',
    );
    return { ...base, outcome: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}

async function notifyDeclined(deps: BillingDeps, claim: ChargeClaim, outcome: AttemptOutcome): Promise<void> {
  // The first decline of a bill, and every authentication_required (the customer must act).
  const first = claim.attempts + (claim.openKey ? 0 : 1) === 1;
  if (!first && outcome.code !== 'authentication_required') return;
  const to = await adminEmails(deps.db, claim.organizationId);
  if (to.length === 0) return;
  const dueDate = await billDueDate(deps.db, claim.orderId);
  const due = dueDate ? formatLongDate(dueDate) : '';
  const link = `${deps.publicUrl ?? ''}/ModifyBillingInfo`;
  const text = [
    `We could not charge your card for bill #${claim.orderId} (${formatUsd(claim.amountCents)}).`,
    `Reason: ${outcome.message ?? 'Your card was declined.'}`,
    '',
    `Please update your billing information at ${link}; we will retry the charge at once.`,
    `We retry about every other day. If the bill is still unpaid on ${due}, the subscription on it is deactivated and its license stops working.`,
  ].join('\n');
  for (const address of to) {
    await deps.mailer.send({ to: address, subject: `Payment failed for bill #${claim.orderId}`, text });
  }
}

/**
 * Retries an organization's past-due bills at once (its billing information was just updated,
 * DESIGN.md §3). Returns what happened; the store's billing-info update calls this.
 */
export async function retryPastDueBills(deps: BillingDeps, organizationId: number) {
  const counts = emptyCounts();
  const due = await makePastDueBillsDue(deps.db, organizationId, deps.clock.now());
  if (due > 0) await chargeDue(deps, counts, organizationId);
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

/** The cycle name of a bill line, for the history and the invoice. */
export const cycleNameOf = (mode: number | null) => {
  if (mode === null) return '';
  try {
    return billingCycle(mode).cycleName;
  } catch {
    return '';
  }
};

/**
 * DESIGN.md §5: each paid renewal issues a new offline license file, whose expiry follows the newly
 * paid period. Only offline-enabled subscriptions on renewal bills are touched.
 */
async function reissueOfflineLicensesOfPaidRenewals(deps: BillingDeps, orderIds: number[], now: Date) {
  if (orderIds.length === 0) return;
  for (const id of await offlineSubscriptionsOfRenewals(deps.db, orderIds)) {
    await deps.db.transaction((tx) => reissueOfflineLicense(tx, id, now));
  }
}
