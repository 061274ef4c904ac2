import { Badge, Stack, Text } from '@mantine/core';
import {
  formatMediumDateTime,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  WebhookMessages,
} from '@store/core';

// Dark shades: white on Mantine's default filled colours is under 4.5:1 (WCAG AA).
const DELIVERY_COLOURS: Record<WebhookDeliveryStatus, string> = {
  pending: 'gray.7',
  retrying: 'orange.9',
  delivered: 'teal.9',
  failed: 'red.9',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <Badge color={DELIVERY_COLOURS[status]} variant="filled" tt="none">
      {WebhookMessages.deliveryStatus[status]}
    </Badge>
  );
}

/** Enabled or Disabled, with why the store stopped sending when it did so by itself. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={endpoint.enabled ? 'teal.9' : 'gray.7'} variant="filled" tt="none">
        {endpoint.enabled ? WebhookMessages.enabled : WebhookMessages.disabled}
      </Badge>
      {endpoint.disabledReason && (
        <Text size="xs" c="red.9">
          {endpoint.disabledReason}
        </Text>
      )}
      {endpoint.previousSecretUntil && (
        <Text size="xs" c="dimmed">
          {WebhookMessages.previousSecretUntil(formatMediumDateTime(endpoint.previousSecretUntil))}
        </Text>
      )}
    </Stack>
  );
}

/** What the receiver answered one attempt: its HTTP status, or why no answer counted. */
export function attemptAnswer(attempt: WebhookAttempt): string {
  const status = attempt.statusCode === null ? null : WebhookMessages.answerStatus(attempt.statusCode);
  // A redirect has both: the status it came with and why it did not count.
  if (status && attempt.error) return `${status}: ${attempt.error}`;
  return status ?? attempt.error ?? '';
}

/** The newest attempt's answer; attempts come newest first. */
export const lastAnswer = (delivery: WebhookDelivery): string => {
  const last = delivery.attempts[0];
  return last ? attemptAnswer(last) : WebhookMessages.noAnswer;
};

/** 'Delivered, HTTP 200': a delivery's state and its last answer, as a sentence's end. */
export const deliveryOutcome = (delivery: WebhookDelivery): string =>
  WebhookMessages.outcome(WebhookMessages.deliveryStatus[delivery.status], lastAnswer(delivery));
