import {
  formatLongDate,
  formatUsd,
  fromCents,
  isProPlan,
  OpsActionMessages,
  type OpsSubscriptionChangeBody,
  type OpsSubscriptionChangeQuote,
  SubscriptionMessages,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import type { PlanRow, SubscriptionRow } from '../../db/schema';
import { DomainError, notFound } from '../../lib/domain-error';
import { lockRenewingOnPlan } from './plan-subscribers.repository';
import { lockForOperator } from './subscription-access';
import { changeSubscription } from './subscription-audit';
import { cancelLocked } from './subscription-cancel';
import { quoteChange, updateSubscription } from './subscription-update';
import * as repo from './subscriptions.repository';

// What the store's operator does to a customer's subscriptions from the console (docs/decisions/031):
// the customer's own rules and code paths, behind the operator's gate instead of the customer's.

/** The customer organization an action is for, as the console found it. */
export interface Customer {
  organizationId: number;
  name: string;
}

/** A subscription that renews on a plan, as a bulk change left it: what the notices name. */
export interface RenewingSubscription {
  id: number;
  organizationId: number;
  description: string;
  renewsOn: Date | null;
}

const DAY_MS = 86_400_000;

const renewing = (s: SubscriptionRow): RenewingSubscription => ({
  id: s.id,
  organizationId: s.organizationId,
  description: s.description,
  renewsOn: s.nextBaseBillingDate,
});

type Deps = Pick<AppDeps, 'db' | 'clock' | 'gateway'>;

export function createOperatorSubscriptionsService(deps: Deps) {
  const { db, clock } = deps;
  const lockOf = (customer: Customer, id: number) => (tx: Tx) =>
    lockForOperator(
      tx,
      customer.organizationId,
      id,
      OpsActionMessages.subscriptionNotFound(id, customer.name),
    );

  /** The quote in the console's words: when the change applies and what it bills. */
  function quoteText(q: Omit<OpsSubscriptionChangeQuote, 'message'>): string {
    const end = q.periodEnd ? formatLongDate(q.periodEnd) : null;
    if (q.applies === 'unchanged') return OpsActionMessages.unchanged;
    if (q.applies === 'atRenewal')
      return end ? OpsActionMessages.quoteAtRenewal(end) : OpsActionMessages.quoteNoRenewal;
    if (q.prorationCents === 0) return OpsActionMessages.quoteFree(end ?? '');
    const how = q.billedByInvoice
      ? OpsActionMessages.invoiced
      : q.chargeNow
        ? OpsActionMessages.chargedToCard
        : OpsActionMessages.underMinimum;
    return OpsActionMessages.quoteNow(formatUsd(q.prorationCents), end ?? '', how);
  }

  return {
    /** Cancels by the customer's rule, at the end of the paid period or now; answers its name and end. */
    cancel: (customer: Customer, id: number, when: 'now' | 'periodEnd') =>
      db.transaction(async (tx) => {
        const record = await lockOf(customer, id)(tx);
        const ends = await cancelLocked(tx, record, when, clock.now());
        return { name: record.subscription.description, ends };
      }),

    /** What the editor would bill for these terms now (nothing is changed). */
    quoteChange: (customer: Customer, id: number, terms: OpsSubscriptionChangeBody) =>
      db.transaction(async (tx): Promise<OpsSubscriptionChangeQuote> => {
        const record = await lockOf(customer, id)(tx);
        const s = record.subscription;
        if (s.version !== terms.version)
          throw new DomainError('STALE_VERSION', SubscriptionMessages.staleVersion);
        if (s.isPerpetualLicense) throw new DomainError('PERPETUAL', SubscriptionMessages.perpetualFixed);
        if (s.isOfflineEnabled) throw new DomainError('OFFLINE', SubscriptionMessages.offlineReadOnly);
        const { quote } = await quoteChange(tx, record, terms, clock.now());
        const answer = {
          applies: quote.applies,
          prorationCents: quote.prorationCents,
          chargeNow: quote.chargeNow,
          billedByInvoice: record.owner.billedByInvoice,
          periodEnd: s.nextBaseBillingDate?.toISOString() ?? null,
        };
        return { ...answer, message: quoteText(answer) };
      }),

    /**
     * The editor's save with the terms the operator chose: the same proration, charge and refusals;
     * name and Max Overages stay as the customer set them.
     */
    async change(customer: Customer, id: number, terms: OpsSubscriptionChangeBody) {
      const found = await repo.findById(db, id);
      const s = found?.subscription;
      if (!s || s.organizationId !== customer.organizationId)
        throw notFound(OpsActionMessages.subscriptionNotFound(id, customer.name));
      const outcome = await updateSubscription(deps, lockOf(customer, id), {
        ...terms,
        description: s.description,
        maxAdditionalMonthlyCharge: fromCents(s.maxAdditionalMonthlyChargeCents),
      });
      return { name: s.description, ...outcome };
    },

    /** The paid period runs `days` longer at no charge: the renewal moves, nothing is billed. */
    extend: (customer: Customer, id: number, days: number) =>
      db.transaction(async (tx) => {
        const { subscription: s } = await lockOf(customer, id)(tx);
        if (s.isPerpetualLicense || !s.nextBaseBillingDate)
          throw new DomainError('PERPETUAL', OpsActionMessages.neverRenews(s.description));
        const renewsOn = new Date(s.nextBaseBillingDate.getTime() + days * DAY_MS);
        await changeSubscription(tx, s.id, { nextBaseBillingDate: renewsOn, version: s.version + 1 }, s);
        return { name: s.description, renewsOn };
      }),

    /**
     * A retired plan's renewing subscribers take another plan of the product at their next renewal,
     * as a customer's lower-fee change waits for it; engines and designers are fitted to what the new
     * plan allows. In the caller's transaction, each audited and announced.
     */
    async moveToPlanAtRenewal(tx: Tx, from: PlanRow, to: PlanRow): Promise<RenewingSubscription[]> {
      const moved = await lockRenewingOnPlan(tx, from.id);
      for (const s of moved) {
        const machines = s.pendingNumberMachines ?? s.numberMachines;
        const designers = s.pendingXtraAutoTags ?? s.xtraAutoTags;
        await changeSubscription(
          tx,
          s.id,
          {
            pendingPricingPlanId: to.id,
            pendingNumberMachines: isProPlan(to) ? Math.max(1, machines) : 0,
            pendingXtraAutoTags: to.allowXtraAutoTag ? designers : 0,
            version: s.version + 1,
          },
          s,
        );
      }
      return moved.map(renewing);
    },

    /**
     * A plan's renewing subscribers move to `keep`, a retired copy of it at the price they have, so a
     * new price of the plan reaches new purchases only. In the caller's transaction, each audited.
     */
    async keepOnPlan(tx: Tx, from: PlanRow, keep: PlanRow): Promise<RenewingSubscription[]> {
      const kept = await lockRenewingOnPlan(tx, from.id);
      for (const s of kept) {
        await changeSubscription(
          tx,
          s.id,
          {
            ...(s.pricingPlanId === from.id ? { pricingPlanId: keep.id } : {}),
            ...(s.pendingPricingPlanId === from.id ? { pendingPricingPlanId: keep.id } : {}),
            version: s.version + 1,
          },
          s,
        );
      }
      return kept.map(renewing);
    },

    /** The subscriptions that renew on a plan (whom a price change reaches), read in the caller's transaction. */
    renewingOnPlan: async (tx: Tx, planId: number) => (await lockRenewingOnPlan(tx, planId)).map(renewing),
  };
}

export type OperatorSubscriptionsService = ReturnType<typeof createOperatorSubscriptionsService>;
