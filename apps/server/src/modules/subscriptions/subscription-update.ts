import {
  billedRtusAfterPlanChange,
  formatLongDate,
  formatUsd,
  isInTrial,
  isProPlan,
  Messages,
  pricePerCycleCents,
  quoteSubscriptionChange,
  SubscriptionMessages,
  type SubscriptionTerms,
  type SubscriptionUpdate,
  sameSubscriptionTerms,
  toCents,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import type { PlanRow, SubscriptionRow } from '../../db/schema';
import { badRequest, DomainError } from '../../lib/domain-error';
import { billProration, chargeProration, type ProrationCharge } from './proration';
import type { LockedSubscription } from './subscription-access';
import { changeSubscription } from './subscription-audit';
import * as repo from './subscriptions.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'gateway'>;

export type UpdateOutcome = { chargedCents: number; orderId: number | null; pending: boolean };

/** Finds and locks the subscription a change is for: the customer's gate or the operator's. */
export type LockSubscription = (tx: Tx) => Promise<LockedSubscription>;

const cycleCents = (plan: PlanRow, terms: SubscriptionTerms, s: SubscriptionRow, orgDiscountBp: number) =>
  pricePerCycleCents({
    plan,
    numberMachines: terms.numberMachines,
    xtraAutoTags: terms.xtraAutoTags,
    billingMode: s.billingMode,
    cycleDiscountBp: s.billingModeDiscountBp,
    orgDiscountBp,
  });

/** The plan the save asks for, if this subscription may have it (400 otherwise). */
async function wantedPlan(tx: Tx, record: repo.SubscriptionRecord, wanted: SubscriptionTerms) {
  const s = record.subscription;
  const plan =
    wanted.pricingPlanId === s.pricingPlanId ? record.plan : await repo.findPlan(tx, wanted.pricingPlanId);
  if (!plan || plan.product !== record.plan.product || (!plan.isAvailable && plan.id !== s.pricingPlanId)) {
    throw badRequest(SubscriptionMessages.planNotOffered, 'pricingPlanId');
  }
  if (isProPlan(plan) && wanted.numberMachines < 1)
    throw badRequest(Messages.enginesMinimum, 'numberMachines');
  if (!isProPlan(plan) && wanted.numberMachines !== 0) {
    throw badRequest(SubscriptionMessages.enginesOnlyForPro, 'numberMachines');
  }
  if (wanted.xtraAutoTags > 0 && !plan.allowXtraAutoTag) {
    throw badRequest(SubscriptionMessages.noExtraDesigners, 'xtraAutoTags');
  }
  return plan;
}

/**
 * The editor's save (docs/design.md §3), priced by core's quoteSubscriptionChange as the editor shows it.
 * Name and max overages apply at once. A higher cycle fee applies now with a prorated charge for the
 * rest of the paid period (refused, with nothing changed, if the card declines); a lower or equal
 * fee waits for the next renewal as a pending change; the current terms clear it. The first
 * transaction claims the version read, so a second save of that version is a 409 and never charged.
 */
export async function updateSubscription(
  deps: Deps,
  lock: LockSubscription,
  body: SubscriptionUpdate,
): Promise<UpdateOutcome> {
  const now = deps.clock.now();
  const prepared = await deps.db.transaction(async (tx): Promise<UpdateOutcome | ProrationCharge> => {
    const record = await lock(tx);
    const s = record.subscription;
    const id = s.id;
    if (body.version !== s.version) throw new DomainError('STALE_VERSION', SubscriptionMessages.staleVersion);

    const wanted = {
      pricingPlanId: body.pricingPlanId,
      xtraAutoTags: body.xtraAutoTags,
      numberMachines: body.numberMachines,
    };
    const pendingTerms = {
      pricingPlanId: s.pendingPricingPlanId ?? s.pricingPlanId,
      xtraAutoTags: s.pendingXtraAutoTags ?? s.xtraAutoTags,
      numberMachines: s.pendingNumberMachines ?? s.numberMachines,
    };
    const capCents = toCents(body.maxAdditionalMonthlyCharge);
    const samePending = quoteSubscriptionChange({
      current: { ...pendingTerms, cycleCents: 0 },
      wanted: { ...wanted, cycleCents: 0 },
      periodStart: null,
      periodEnd: null,
      now,
      overage: overageOf(record),
    });
    if (
      body.description === s.description &&
      capCents === s.maxAdditionalMonthlyChargeCents &&
      !samePending.termsChanged
    ) {
      // Nothing to save; terms saved earlier for the renewal still wait for it, and the answer says so
      // (a client reading `pending: false` would take them to be in force now).
      const waiting = !sameSubscriptionTerms(pendingTerms, s);
      return { chargedCents: 0, orderId: null, pending: waiting };
    }

    if (s.isOfflineEnabled) throw new DomainError('OFFLINE', SubscriptionMessages.offlineReadOnly);
    const { plan, quote } = await quoteChange(tx, record, wanted, now);
    if (s.isPerpetualLicense && (quote.termsChanged || capCents !== s.maxAdditionalMonthlyChargeCents)) {
      throw new DomainError('PERPETUAL', SubscriptionMessages.perpetualFixed);
    }
    if (capCents < quote.minimumMaxOverageCents) {
      throw badRequest(
        SubscriptionMessages.maxOveragesBelowAccrued(formatUsd(quote.minimumMaxOverageCents)),
        'maxAdditionalMonthlyCharge',
      );
    }

    const base = {
      description: body.description,
      maxAdditionalMonthlyChargeCents: capCents,
      version: s.version + 1,
    };
    if (quote.applies !== 'now') {
      // Same or lower fee: the current terms run to the renewal; the wanted ones follow it.
      const pending = quote.applies === 'atRenewal';
      await changeSubscription(
        tx,
        id,
        {
          ...base,
          pendingPricingPlanId: pending ? wanted.pricingPlanId : null,
          pendingXtraAutoTags: pending ? wanted.xtraAutoTags : null,
          pendingNumberMachines: pending ? wanted.numberMachines : null,
        },
        s,
      );
      return { chargedCents: 0, orderId: null, pending };
    }

    const terms = {
      ...base,
      ...wanted,
      billedRtusThisMonth: billedRtusAfterPlanChange({
        annualUsageReset: s.annualUsageReset,
        billedRtusThisMonth: s.billedRtusThisMonth,
        fromBaseRtus: record.plan.baseRtus,
        toBaseRtus: plan.baseRtus,
      }),
    };
    const description = `Change of ${body.description}: ${plan.planName}${isProPlan(plan) ? `, ${wanted.numberMachines} engine(s)` : ''}, ${wanted.xtraAutoTags} additional designer(s), prorated to ${formatLongDate(s.nextBaseBillingDate ?? now)}`;
    return billProration(tx, { record, plan, terms, quote, description, now });
  });

  if (!('key' in prepared)) return prepared;
  return chargeProration(deps, prepared);
}

/** What a change of the terms costs and when it applies (400 for a plan the subscription may not have). */
export async function quoteChange(tx: Tx, record: LockedSubscription, wanted: SubscriptionTerms, now: Date) {
  const s = record.subscription;
  const plan = await wantedPlan(tx, record, wanted);
  const quote = quoteSubscriptionChange({
    current: { ...s, cycleCents: cycleCents(record.plan, s, s, record.owner.discountBp) },
    wanted: { ...wanted, cycleCents: cycleCents(plan, wanted, s, record.owner.discountBp) },
    periodStart: s.currentPeriodStart,
    periodEnd: s.nextBaseBillingDate,
    now,
    overage: overageOf(record),
    inTrial: isInTrial(s),
  });
  return { plan, quote };
}

const overageOf = (record: repo.SubscriptionRecord) => ({
  accruedRtusThisMonth: record.subscription.accruedRtusThisMonth,
  billedRtusThisMonth: record.subscription.billedRtusThisMonth,
  annualUsageReset: record.subscription.annualUsageReset,
  baseRtus: record.plan.baseRtus,
  overagePerRtuMicros: record.plan.overagePerRtuMicros,
  overageChargesPaidThisMonthCents: record.subscription.overageChargesPaidThisMonthCents,
});
