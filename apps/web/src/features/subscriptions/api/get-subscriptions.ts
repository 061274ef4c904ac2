import { SubscriptionDetailListSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const subscriptionsKey = ['subscription', 'all'] as const;

export const getSubscriptions = (signal?: AbortSignal) =>
  get('/api/subscription/all', { schema: SubscriptionDetailListSchema, signal });

export const subscriptionsQueryOptions = queryOptions({
  queryKey: subscriptionsKey,
  queryFn: ({ signal }) => getSubscriptions(signal),
});

export function useSubscriptions() {
  return useQuery(subscriptionsQueryOptions);
}
