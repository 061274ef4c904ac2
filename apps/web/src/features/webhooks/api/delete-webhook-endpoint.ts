import { WebhookEndpointSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { webhookEndpointsKey } from './get-webhook-endpoints';

/** DELETE /api/organization/webhooks/{id}: no message goes to the endpoint any more; its deliveries go too. */
export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del(`/api/organization/webhooks/${id}`, { schema: WebhookEndpointSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }),
  });
}
