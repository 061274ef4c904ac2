import type { DbOrTx } from '../../db/client';
import type { FinalOutcome } from '../bills';
import * as advances from './period-advances.repository';
import { type ProrationDeps, settlePendingProrations, settleProration } from './proration';
import * as endings from './subscription-endings.repository';
import { announceSubscriptions } from './subscription-events';
import * as periods from './subscription-periods.repository';
import { endTrialsWithoutCard } from './trials';

/**
 * The billing engine's steps of a subscription's life (docs/design.md §3) and the settling of the
 * editor's charges, built once where the app is composed: the engine and payments name the members
 * they use in their own types. Each step takes the engine's transaction, so a subscription's new
 * period commits together with its bill.
 */
export function createSubscriptionPeriodsService(deps: ProrationDeps) {
  return {
    /** Cancelled subscriptions whose date has come end, each announced deactivated; how many. */
    endCancelledSubscriptions: (db: DbOrTx, now: Date) =>
      db.transaction(async (tx) => {
        const ended = await endings.endCancelledSubscriptions(tx, now);
        await announceSubscriptions(tx, 'subscription.deactivated', ended, now);
        return ended.length;
      }),
    /**
     * The subscriptions of bills given up as UnPaid are deactivated, each announced (at `now`, the
     * engine's clock; else the change's time); their ids.
     */
    async deactivateForUnpaidBills(tx: DbOrTx, bills: { id: number; graceEndsAt: Date }[], now?: Date) {
      const ended = await endings.deactivateForUnpaidBills(tx, bills);
      await announceSubscriptions(tx, 'subscription.deactivated', ended, now);
      return ended.map((s) => s.id);
    },
    /** Trials at their end without a card on file end instead of converting (docs/decisions/043). */
    endTrialsWithoutCard,
    claimDueRenewals: periods.claimDueRenewals,
    claimDueOverage: periods.claimDueOverage,
    /**
     * Renewed subscriptions move into their new period (pending terms in force), each announced (at
     * `now`, the engine's clock; else the change's time).
     */
    async advanceBasePeriods(
      tx: DbOrTx,
      updates: Parameters<typeof advances.advanceBasePeriods>[1],
      now?: Date,
    ): Promise<void> {
      await advances.advanceBasePeriods(tx, updates);
      await announceSubscriptions(
        tx,
        'subscription.updated',
        updates.map((u) => ({ id: u.sub.id, organizationId: u.sub.organizationId })),
        now,
      );
    },
    rollOverUsage: advances.rollOverUsage,
    /**
     * An editor change's charge with a known outcome (a webhook, the customer back from the bank's
     * challenge): paid, the terms apply once; refused, the version claimed is given back.
     */
    settleProration: (
      orderId: number,
      key: string,
      outcome: FinalOutcome,
      attemptStatus?: 'declined' | 'error',
    ) => settleProration(deps, orderId, key, outcome, attemptStatus),
    /** Editor charges whose answer was lost, asked of the gateway; the settle job's, every tick. */
    settlePendingProrations: () => settlePendingProrations(deps),
  };
}
export type SubscriptionPeriodsService = ReturnType<typeof createSubscriptionPeriodsService>;
/** The offline subscriptions whose renewals these bills are: each gets a new license file once paid. */
export const offlineSubscriptionsOfRenewals: typeof advances.offlineSubscriptionsOfRenewals = (...args) =>
  advances.offlineSubscriptionsOfRenewals(...args);
