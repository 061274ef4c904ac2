import { Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A console dialog. Composed without Modal.Header, whose <header> would be a second banner landmark
 * beside the nav's; the close button is named for screen readers.
 */
export function OpsModal({
  id,
  title,
  size,
  onClose,
  children,
}: {
  id: string;
  title: string;
  size: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal.Root id={id} opened onClose={onClose} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="md">
          <Group justify="space-between" wrap="nowrap" mb="sm">
            <Modal.Title fw={650} fz="lg">
              {title}
            </Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Group>
          {children}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
