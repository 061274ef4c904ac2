import type { SubscriptionDetail } from '@store/core';
import type { QueryClient } from '@tanstack/react-query';
import { subscriptionsKey } from './get-subscriptions';

/** An action's answer replaces the row's subscription in the list (spec §4), without a reload. */
export function replaceSubscription(queryClient: QueryClient, updated: SubscriptionDetail): void {
  queryClient.setQueryData<SubscriptionDetail[]>(subscriptionsKey, (list) =>
    list?.map((s) => (s.subscriptionId === updated.subscriptionId ? updated : s)),
  );
}
