import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useFocusWhenShown } from '../lib/focus';
import { CopyValueButton } from './copy-value-button';

/**
 * A secret the store has just made and never shows again (an API token, a webhook signing secret):
 * the value, a copy button, and Done, which forgets it; leaving the screen does too. Focus comes
 * here, since the action that made it may be far below on the screen.
 */
export function ShownOnceSecret(props: {
  title: string;
  /** Why it must be copied now. */
  note: string;
  value: string;
  copyLabel: string;
  doneLabel: string;
  onDone: () => void;
  testId: string;
  valueTestId: string;
}) {
  const focusWhenShown = useFocusWhenShown<HTMLDivElement>();
  return (
    <Alert
      ref={focusWhenShown}
      tabIndex={-1}
      color="brand"
      title={props.title}
      data-testid={props.testId}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{props.note}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            block
            style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid={props.valueTestId}
          >
            {props.value}
          </Code>
          <CopyValueButton value={props.value} label={props.copyLabel} />
        </Group>
        <Group>
          <Button variant="default" onClick={props.onDone}>
            {props.doneLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
