import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What will happen, in a sentence or two: text (wrapped anywhere, for long names and addresses) or elements. */
  children: ReactNode;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
}

/** Asks before an action that cannot be undone (deactivating a machine, revoking a token); Cancel changes nothing. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onCancel,
  onConfirm,
}: ConfirmModalProps) {
  return (
    // Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's.
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="lg">
          <Stack gap="md">
            <Modal.Title fw={650} fz="lg">
              {title}
            </Modal.Title>
            {typeof children === 'string' ? (
              <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
            ) : (
              children
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button color="red.9" onClick={onConfirm} data-autofocus>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
