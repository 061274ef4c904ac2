import { type OpsCancelSubscriptionBody, OpsSubscriptionActionAnswerSchema } from '@store/core';
import { post } from '../../../lib/http';
import { type SubscriptionIds, subscriptionActionUrl, useOrganizationAction } from './organization-action';

export const cancelSubscription = (v: SubscriptionIds & OpsCancelSubscriptionBody) =>
  post(subscriptionActionUrl(v, 'cancel'), { when: v.when }, { schema: OpsSubscriptionActionAnswerSchema });

export const useCancelSubscription = () => useOrganizationAction(cancelSubscription);
