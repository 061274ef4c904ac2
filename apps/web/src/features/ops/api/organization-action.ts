import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsKeys } from './keys';

/**
 * A mutation of the organization page's subscription and user actions: each answers what it did in a
 * sentence, and the organization's page is read again.
 */
export function useOrganizationAction<V extends { organizationId: number }, R>(
  mutationFn: (v: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: opsKeys.organization(organizationId) }),
  });
}

/** A subscription of an organization, as the console's subscription actions name it. */
export interface SubscriptionIds {
  organizationId: number;
  subscriptionId: number;
}

/** The address of one of the organization page's actions on a subscription. */
export const subscriptionActionUrl = ({ organizationId, subscriptionId }: SubscriptionIds, action: string) =>
  `/api/ops/organizations/${organizationId}/subscriptions/${subscriptionId}/${action}`;
