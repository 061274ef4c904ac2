import { type OpsCancelSubscriptionBody, OpsSubscriptionActionAnswerSchema } from '@store/core';
import { post } from '../../../lib/http';
import { useOrganizationAction } from './organization-action';

export const cancelSubscription = (
  v: { organizationId: number; subscriptionId: number } & OpsCancelSubscriptionBody,
) =>
  post(
    `/api/ops/organizations/${v.organizationId}/subscriptions/${v.subscriptionId}/cancel`,
    { when: v.when },
    { schema: OpsSubscriptionActionAnswerSchema },
  );

export const useCancelSubscription = () => useOrganizationAction(cancelSubscription);
