import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { ApiTokenMessages, type CreatedApiToken } from '@store/core';
import { CopyValueButton } from '../../../components/copy-value-button';

/**
 * The token just made, shown this once (the store keeps only its hash): copy it now. Done forgets
 * it; leaving the screen does too.
 */
export function NewApiToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <Alert color="brand" title={created.apiToken.name} data-testid="new-api-token">
      <Stack gap="sm">
        <Text size="sm">{ApiTokenMessages.shownOnce}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            block
            style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid="api-token"
          >
            {created.token}
          </Code>
          <CopyValueButton value={created.token} label={ApiTokenMessages.copy} />
        </Group>
        <Group>
          <Button variant="default" onClick={onDone}>
            {ApiTokenMessages.done}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
