import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export type ChallengeAnswer = 'complete' | 'fail' | 'closed';

export interface SandboxChallengeDialogProps {
  opened: boolean;
  /** The challenge's answer; 'closed' when the customer shut the dialog without answering. */
  onAnswer(answer: ChallengeAnswer): Promise<void> | void;
}

/**
 * The sandbox's stand-in for the bank's 3-D Secure page (docs/decisions/024), as Stripe's test
 * challenge looks: the customer completes or fails the authentication; closing it abandons the
 * payment, and nothing is charged.
 */
export function SandboxChallengeDialog({ opened, onAnswer }: SandboxChallengeDialogProps) {
  const [busy, setBusy] = useState<ChallengeAnswer | null>(null);
  const answer = async (choice: ChallengeAnswer) => {
    setBusy(choice);
    try {
      await onAnswer(choice);
    } finally {
      setBusy(null);
    }
  };
  return (
    // Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's.
    <Modal.Root
      opened={opened}
      onClose={() => void answer('closed')}
      centered
      size={420}
      closeOnClickOutside={false}
      aria-describedby="three-d-secure-text"
    >
      <Modal.Overlay />
      <Modal.Content data-testid="three-d-secure">
        <Modal.Body p={0}>
          <Paper bg="dark.7" c="white" px="lg" py="sm" radius={0}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>Sandbox Bank</Text>
              <Badge color="gray.0" c="dark.7" variant="filled">
                3-D Secure
              </Badge>
            </Group>
          </Paper>
          <Stack gap="md" p="lg">
            <Modal.Title fw={650} fz="lg">
              Confirm your payment
            </Modal.Title>
            <Text id="three-d-secure-text" size="sm">
              Your bank asks you to authenticate this payment. This is the sandbox's test page: no real bank
              is asked. Complete the authentication to pay, or fail it to see a refused payment.
            </Text>
            <Stack gap="xs">
              <Button
                fullWidth
                onClick={() => void answer('complete')}
                loading={busy === 'complete'}
                disabled={busy !== null}
                data-autofocus
              >
                Complete authentication
              </Button>
              <Button
                fullWidth
                variant="default"
                onClick={() => void answer('fail')}
                loading={busy === 'fail'}
                disabled={busy !== null}
              >
                Fail authentication
              </Button>
              <Button variant="subtle" onClick={() => void answer('closed')} disabled={busy !== null}>
                Cancel payment
              </Button>
            </Stack>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
