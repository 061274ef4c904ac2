import { WebhookEndpointListSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const webhookEndpointsKey = ['organization', 'webhooks'] as const;

/** GET /api/organization/webhooks: the organization's endpoints, newest first, never their secrets. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookEndpointsKey,
    queryFn: ({ signal }) => get('/api/organization/webhooks', { schema: WebhookEndpointListSchema, signal }),
  });
}
