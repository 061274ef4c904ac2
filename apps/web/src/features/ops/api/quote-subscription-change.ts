import { type OpsSubscriptionChangeBody, OpsSubscriptionChangeQuoteSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { type SubscriptionIds, subscriptionActionUrl } from './organization-action';

/** What a change would bill now, priced by the server as the customer's editor is; nothing changes. */
export const quoteSubscriptionChange = (v: SubscriptionIds & { terms: OpsSubscriptionChangeBody }) =>
  post(subscriptionActionUrl(v, 'change-quote'), v.terms, { schema: OpsSubscriptionChangeQuoteSchema });

export const useQuoteSubscriptionChange = () => useMutation({ mutationFn: quoteSubscriptionChange });
