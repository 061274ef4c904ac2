import { type OpsSubscriptionChangeBody, OpsSubscriptionChangeQuoteSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** What a change would bill now, priced by the server as the customer's editor is; nothing changes. */
export const quoteSubscriptionChange = ({
  organizationId,
  subscriptionId,
  terms,
}: {
  organizationId: number;
  subscriptionId: number;
  terms: OpsSubscriptionChangeBody;
}) =>
  post(`/api/ops/organizations/${organizationId}/subscriptions/${subscriptionId}/change-quote`, terms, {
    schema: OpsSubscriptionChangeQuoteSchema,
  });

export const useQuoteSubscriptionChange = () => useMutation({ mutationFn: quoteSubscriptionChange });
