import type { WebhookEventType } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { recordEvents } from '../webhooks';
import { toSubscriptionDto } from './subscription-dto';
import * as repo from './subscriptions.repository';

/** A subscription an event is about: its id and its owner's. */
export interface SubscriptionRef {
  id: number;
  organizationId: number;
}

type SubscriptionEventType = Extract<WebhookEventType, `subscription.${string}` | 'offline_license.issued'>;

/**
 * Announces `type` for these subscriptions to their owners' webhooks (docs/design.md §5a), in the
 * caller's transaction, each as the subscriptions list answers it to its owner (a parent's endpoints
 * get it without the keys). Ordered per subscription, so its events arrive as they happened.
 */
export async function announceSubscriptions(
  tx: DbOrTx,
  type: SubscriptionEventType,
  subs: readonly SubscriptionRef[],
  at?: Date,
): Promise<void> {
  await recordEvents(
    tx,
    type,
    subs.map((s) => ({ organizationId: s.organizationId, subscriptionId: s.id })),
    async (listened) => {
      const records = await repo.findByIds(
        tx,
        listened.map((s) => s.subscriptionId),
      );
      return listened.map((s) => {
        const record = records.get(s.subscriptionId)!;
        return toSubscriptionDto(record, record.subscription.organizationId);
      });
    },
    at,
  );
}
