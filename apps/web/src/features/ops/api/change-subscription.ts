import { OpsSubscriptionActionAnswerSchema, type OpsSubscriptionChangeBody } from '@store/core';
import { post } from '../../../lib/http';
import { type SubscriptionIds, subscriptionActionUrl, useOrganizationAction } from './organization-action';

export const changeSubscription = (v: SubscriptionIds & { terms: OpsSubscriptionChangeBody }) =>
  post(subscriptionActionUrl(v, 'change'), v.terms, { schema: OpsSubscriptionActionAnswerSchema });

export const useChangeSubscription = () => useOrganizationAction(changeSubscription);
