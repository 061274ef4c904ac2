import { type CancelSubscriptionBody, SubscriptionDetailSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { replaceSubscription } from './replace-subscription';

/** DELETE /api/subscription/{id}; the reason, when the customer gave one, as its body. */
export const cancelSubscription = ({
  subscriptionId,
  why,
}: {
  subscriptionId: number;
  why?: CancelSubscriptionBody;
}) => del(`/api/subscription/${subscriptionId}`, { schema: SubscriptionDetailSchema }, why);

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (updated) => replaceSubscription(queryClient, updated),
  });
}
