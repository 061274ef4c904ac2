import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { WebhookMessages } from '@store/core';
import { CopyValueButton } from '../../../components/copy-value-button';
import { useFocusWhenShown } from '../../../lib/focus';

/** An endpoint's new signing secret, as a creation or a roll answered it. */
export type ShownSecret = { url: string; secret: string };

/**
 * A signing secret just made, shown this once (the store keeps it sealed and never sends it again):
 * copy it now. Done forgets it; leaving the screen does too. Focus comes here, since the action that
 * made it may be far below on the screen.
 */
export function NewWebhookSecret({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const focusWhenShown = useFocusWhenShown<HTMLDivElement>();
  return (
    <Alert
      ref={focusWhenShown}
      tabIndex={-1}
      color="brand"
      title={WebhookMessages.newSecretTitle(shown.url)}
      data-testid="new-webhook-secret"
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{WebhookMessages.secretShownOnce}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            block
            style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid="webhook-secret"
          >
            {shown.secret}
          </Code>
          <CopyValueButton value={shown.secret} label={WebhookMessages.copySecret} />
        </Group>
        <Group>
          <Button variant="default" onClick={onDone}>
            {WebhookMessages.done}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
