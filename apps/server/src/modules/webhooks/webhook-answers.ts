import type { WebhookDelivery, WebhookEndpoint } from '@store/core';
import type { AttemptRow, DeliveryListRow } from './webhook-deliveries.repository';
import type { EndpointRow } from './webhook-endpoints.repository';
import { messageBody, withoutSecrets } from './webhook-message';

// What the webhook routes answer: an endpoint (never its secret) and a delivery with its attempts.

export const toDto = (row: EndpointRow, now: Date): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.eventTypes,
  description: row.description,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdByName,
  previousSecretUntil:
    row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil.toISOString() : null,
});

export function deliveryDto(row: DeliveryListRow, attempts: AttemptRow[]): WebhookDelivery {
  const data = row.forParent ? withoutSecrets(row.data) : row.data;
  return {
    id: row.id,
    messageId: row.messageId,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    nextAttemptAt:
      row.status === 'pending' || row.status === 'retrying' ? row.nextAttemptAt.toISOString() : null,
    payload: messageBody({ type: row.type, at: row.createdAt, data }),
    attempts: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({
        at: a.at.toISOString(),
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        answer: a.answer,
        error: a.error,
        manual: a.manual,
      })),
  };
}
