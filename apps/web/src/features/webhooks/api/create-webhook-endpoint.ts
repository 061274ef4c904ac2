import { type CreateWebhookEndpoint, WebhookEndpointWithSecretSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { webhookEndpointsKey } from './get-webhook-endpoints';

/**
 * POST /api/organization/webhooks: the answer holds the signing secret, the only time it is sent.
 * Silent: the form shows a refused address on its field and any other failure itself.
 */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpoint) =>
      post('/api/organization/webhooks', body, { schema: WebhookEndpointWithSecretSchema }),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }),
  });
}
