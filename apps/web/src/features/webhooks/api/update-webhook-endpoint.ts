import { type UpdateWebhookEndpoint, WebhookEndpointWithSecretSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { webhookEndpointsKey } from './get-webhook-endpoints';

/**
 * PUT /api/organization/webhooks/{id}: enables, disables or rolls the secret of an endpoint; a
 * roll's answer holds the new secret, the only time it is sent.
 */
export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateWebhookEndpoint }) =>
      put(`/api/organization/webhooks/${id}`, change, { schema: WebhookEndpointWithSecretSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }),
  });
}
