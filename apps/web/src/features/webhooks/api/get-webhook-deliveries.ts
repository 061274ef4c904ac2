import { type WebhookDelivery, WebhookDeliveryListSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { webhookEndpointsKey } from './get-webhook-endpoints';

export const webhookDeliveriesKey = (endpointId: number) =>
  [...webhookEndpointsKey, endpointId, 'deliveries'] as const;

/** A delivery the sender still works on: its list is read again until it settles. */
const unsettled = (d: WebhookDelivery) => d.status === 'pending' || d.status === 'retrying';
const REFRESH_MS = 5_000;

/** GET /api/organization/webhooks/{id}/deliveries: the newest messages to an endpoint, each with its attempts. */
export function useWebhookDeliveries(endpointId: number) {
  return useQuery({
    queryKey: webhookDeliveriesKey(endpointId),
    queryFn: ({ signal }) =>
      get(`/api/organization/webhooks/${endpointId}/deliveries`, {
        schema: WebhookDeliveryListSchema,
        signal,
      }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.deliveries.some(unsettled) ? REFRESH_MS : false),
  });
}
