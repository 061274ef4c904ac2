import {
  type PaymentAuthentication,
  type PaymentResult,
  SubscriptionSaveResultSchema,
  type SubscriptionUpdate,
} from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { subscriptionsKey } from './get-subscriptions';
import { replaceSubscription } from './replace-subscription';

/** The editor's save (the spec does not name this call; docs/design.md §3). */
export const updateSubscription = ({
  subscriptionId,
  body,
}: {
  subscriptionId: number;
  body: SubscriptionUpdate;
}) => put(`/api/subscription/${subscriptionId}`, body, { schema: SubscriptionSaveResultSchema });

/**
 * The save; an increase whose prorated charge the bank asks the customer to authenticate
 * (docs/decisions/024) applies once `authenticate` has shown the challenge and the server found the
 * charge paid (a refusal fails the save, as a declined card does).
 */
export function useUpdateSubscription(authenticate: (auth: PaymentAuthentication) => Promise<PaymentResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Parameters<typeof updateSubscription>[0]) => {
      const result = await updateSubscription(input);
      if (!result.authentication) return result;
      const paid = await authenticate(result.authentication);
      return { ...result, chargedCents: paid.paid ? paid.totalCents : 0 };
    },
    onSuccess: (result) => {
      replaceSubscription(queryClient, result.subscription);
      // Saved after a challenge: the answer's subscription predates the change it paid for.
      if (result.authentication) void queryClient.invalidateQueries({ queryKey: subscriptionsKey });
    },
  });
}
