import { OpsSubscriptionActionAnswerSchema, type OpsSubscriptionChangeBody } from '@store/core';
import { post } from '../../../lib/http';
import { useOrganizationAction } from './organization-action';

export const changeSubscription = ({
  organizationId,
  subscriptionId,
  terms,
}: {
  organizationId: number;
  subscriptionId: number;
  terms: OpsSubscriptionChangeBody;
}) =>
  post(`/api/ops/organizations/${organizationId}/subscriptions/${subscriptionId}/change`, terms, {
    schema: OpsSubscriptionActionAnswerSchema,
  });

export const useChangeSubscription = () => useOrganizationAction(changeSubscription);
