import { WebhookDeliverySchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { webhookDeliveriesKey } from './get-webhook-deliveries';

/** POST /api/organization/webhooks/{id}/test: sends webhook.test now; the answer is its delivery, attempted. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) =>
      post(`/api/organization/webhooks/${endpointId}/test`, {}, { schema: WebhookDeliverySchema }),
    onSettled: (_delivery, _error, endpointId) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(endpointId) }),
  });
}
