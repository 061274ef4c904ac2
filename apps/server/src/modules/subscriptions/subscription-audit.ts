import type { Tx } from '../../db/client';
import type { NewSubscription, SubscriptionRow } from '../../db/schema/rows';
import { recordAudit } from '../audit';
import { announceSubscriptions } from './subscription-events';
import * as repo from './subscriptions.repository';

/**
 * A change a person (or an operator) makes to a subscription, written with its audit entry
 * (docs/decisions/017) and announced to the owner's webhooks as `event` (docs/design.md §5a). The
 * billing engine's own renewals are summarized by its run's entry instead.
 */
export async function changeSubscription(
  tx: Tx,
  id: number,
  values: Partial<NewSubscription>,
  before: SubscriptionRow | null,
  event: 'subscription.updated' | 'subscription.cancelled' = 'subscription.updated',
): Promise<void> {
  await repo.updateSubscription(tx, id, values);
  if (!before) return;
  await recordAudit(tx, 'subscription.updated', { before, after: { ...before, ...values } });
  await announceSubscriptions(tx, event, [{ id, organizationId: before.organizationId }]);
}
