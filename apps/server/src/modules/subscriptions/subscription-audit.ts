import type { Tx } from '../../db/client';
import type { NewSubscription, SubscriptionRow } from '../../db/schema/rows';
import { recordAudit } from '../audit';
import * as repo from './subscriptions.repository';

/**
 * A change a person (or an operator) makes to a subscription, written with its audit entry
 * (docs/decisions/017). The billing engine's own renewals are summarized by its run's entry instead.
 */
export async function changeSubscription(
  tx: Tx,
  id: number,
  values: Partial<NewSubscription>,
  before: SubscriptionRow | null,
): Promise<void> {
  await repo.updateSubscription(tx, id, values);
  if (before) await recordAudit(tx, 'subscription.updated', { before, after: { ...before, ...values } });
}
