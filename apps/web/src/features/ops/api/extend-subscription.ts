import { OpsSubscriptionActionAnswerSchema } from '@store/core';
import { post } from '../../../lib/http';
import { type SubscriptionIds, subscriptionActionUrl, useOrganizationAction } from './organization-action';

export const extendSubscription = (v: SubscriptionIds & { days: number }) =>
  post(subscriptionActionUrl(v, 'extend'), { days: v.days }, { schema: OpsSubscriptionActionAnswerSchema });

export const useExtendSubscription = () => useOrganizationAction(extendSubscription);
