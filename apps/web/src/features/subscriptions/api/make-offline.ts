import { type OfflineRequest, SubscriptionDetailSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { replaceSubscription } from './replace-subscription';

export const makeOffline = (body: OfflineRequest) =>
  post('/api/subscription/make-offline', body, { schema: SubscriptionDetailSchema });

export function useMakeOffline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOffline,
    // Spec §4: the response replaces the row's subscription.
    onSuccess: (updated) => replaceSubscription(queryClient, updated),
  });
}
