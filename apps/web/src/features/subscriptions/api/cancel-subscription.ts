import { SubscriptionDetailSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { replaceSubscription } from './replace-subscription';

export const cancelSubscription = (subscriptionId: number) =>
  del(`/api/subscription/${subscriptionId}`, { schema: SubscriptionDetailSchema });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (updated) => replaceSubscription(queryClient, updated),
  });
}
