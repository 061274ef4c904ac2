import { Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  formatMediumDateTime,
  type WebhookAttempt,
  type WebhookDelivery,
  WebhookMessages,
} from '@store/core';
import { CardList } from '../../../components/card-list';
import { attemptAnswer } from './webhook-status';

// One delivery opened: its attempts and the body it sent.

/** The body as sent, indented when it is JSON so a person can read it. */
function readable(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

const preStyle = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

function Attempt({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <Paper component="li" withBorder radius="sm" p="xs">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {formatMediumDateTime(attempt.at)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {attemptAnswer(attempt)}
          </Text>
          <Text size="sm" c="dimmed">
            {WebhookMessages.duration(attempt.durationMs)}
          </Text>
          <Text size="sm" c="dimmed">
            {attempt.manual ? WebhookMessages.manualAttempt : WebhookMessages.scheduledAttempt}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {WebhookMessages.answerHeading}
        </Text>
        {attempt.answer === '' ? (
          <Text size="sm" c="dimmed">
            {WebhookMessages.emptyAnswer}
          </Text>
        ) : (
          <Code block style={preStyle}>
            {attempt.answer}
          </Code>
        )}
      </Stack>
    </Paper>
  );
}

/** A delivery opened: every attempt, newest first, and the message's body. */
export function DeliveryDetails({ delivery, id }: { delivery: WebhookDelivery; id: string }) {
  return (
    <Stack gap="sm" id={id} p="sm">
      <Title order={3} size="h6">
        {WebhookMessages.attemptsHeading}
      </Title>
      {delivery.attempts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {WebhookMessages.noAttempts}
        </Text>
      ) : (
        <CardList gap="xs">
          {delivery.attempts.map((attempt) => (
            // Attempts have no id of their own; one delivery's are made one after another.
            <Attempt key={attempt.at} attempt={attempt} />
          ))}
        </CardList>
      )}
      <Title order={3} size="h6">
        {WebhookMessages.payloadHeading}
      </Title>
      <Code block style={preStyle}>
        {readable(delivery.payload)}
      </Code>
    </Stack>
  );
}
