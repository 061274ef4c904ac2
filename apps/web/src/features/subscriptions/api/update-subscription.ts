import { SubscriptionSaveResultSchema, type SubscriptionUpdate } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { replaceSubscription } from './replace-subscription';

/** The editor's save (the spec does not name this call; DESIGN.md §3). */
export const updateSubscription = ({
  subscriptionId,
  body,
}: {
  subscriptionId: number;
  body: SubscriptionUpdate;
}) => put(`/api/subscription/${subscriptionId}`, body, { schema: SubscriptionSaveResultSchema });

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: (result) => replaceSubscription(queryClient, result.subscription),
  });
}
