import { OpsSubscriptionActionAnswerSchema } from '@store/core';
import { post } from '../../../lib/http';
import { useOrganizationAction } from './organization-action';

export const extendSubscription = (v: { organizationId: number; subscriptionId: number; days: number }) =>
  post(
    `/api/ops/organizations/${v.organizationId}/subscriptions/${v.subscriptionId}/extend`,
    { days: v.days },
    { schema: OpsSubscriptionActionAnswerSchema },
  );

export const useExtendSubscription = () => useOrganizationAction(extendSubscription);
