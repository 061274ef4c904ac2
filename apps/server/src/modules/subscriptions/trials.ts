import type { DbOrTx } from '../../db/client';
import { announceSubscriptions } from './subscription-events';
import * as repo from './trials.repository';

// Free trials (docs/decisions/043), the subscriptions module's side: one trial per organization and
// plan (plan_trials, which this module owns), and the end of a trial that cannot be converted.

/** The plans whose trial the organization has already started: the checkout prices them normally. */
export const trialedPlans = repo.trialedPlanIds;

/**
 * Records the trials an order starts, in the transaction that records the order. False when another
 * order of the organization started one of them first (two checkouts racing): the caller rolls back.
 */
export async function startTrials(
  tx: DbOrTx,
  t: { organizationId: number; orderId: number; planIds: number[]; now: Date },
): Promise<boolean> {
  const wanted = new Set(t.planIds);
  const started = await repo.insertTrials(tx, t);
  return started.length === wanted.size;
}

/** The trials of an order the card refused are given back with the order (nothing was bought). */
export const releaseTrials = repo.deleteTrialsOfOrder;

/**
 * Trials ending without a card on file end their subscription at the trial's end (the license stops),
 * each announced as deactivated, as a cancelled subscription's end is; the number ended. The billing
 * pass runs this before it claims renewals, so such a trial is never billed; run twice, it ends none.
 */
export async function endTrialsWithoutCard(db: DbOrTx, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await repo.endUnconvertibleTrials(tx, now);
    await announceSubscriptions(tx, 'subscription.deactivated', ended, now);
    return ended.length;
  });
}
