import { WebhookDeliverySchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { webhookDeliveriesKey } from './get-webhook-deliveries';

/** POST …/deliveries/{deliveryId}/retry: one attempt now, whatever the schedule; the answer is the delivery after it. */
export function useRetryWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
      post(
        `/api/organization/webhooks/${endpointId}/deliveries/${deliveryId}/retry`,
        {},
        {
          schema: WebhookDeliverySchema,
        },
      ),
    onSettled: (_delivery, _error, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(endpointId) }),
  });
}
