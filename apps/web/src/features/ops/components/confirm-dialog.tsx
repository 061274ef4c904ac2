import { Modal, Stack, Text } from '@mantine/core';
import { OpsConfirmations } from '@store/core';
import type { ReactNode } from 'react';
import { TypedConfirmationForm } from '../../../components/typed-confirmation-form';
import { showAlert } from '../../alert';

/** What a console action asks the operator to confirm before anything is sent. */
export interface Confirmation {
  title: string;
  /** The sentences naming the amount and the customer. */
  body: ReactNode;
  /** The field's label, e.g. "Amount to refund (USD)". */
  typeLabel: string;
  /** What must be typed, shown in the sentence (an amount, a name, an e-mail). */
  expected: string;
  confirmLabel: string;
  onConfirm(): void;
}

/**
 * The console's confirmation of an action on money or on a customer's terms: the shared typed
 * confirmation in a dialog. What was typed must be what the dialog names; anything else sends nothing
 * and says so.
 */
export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose(): void;
}) {
  const confirm = (typed: string) => {
    onClose();
    if (!confirmation) return;
    if (typed.trim() === confirmation.expected) confirmation.onConfirm();
    else showAlert({ type: 'error', text: OpsConfirmations.mismatch(confirmation.expected) });
  };
  return (
    // Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's.
    <Modal.Root opened={confirmation !== null} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="lg">
          {confirmation && (
            <TypedConfirmationForm
              label={confirmation.typeLabel}
              keepLabel="Cancel"
              confirmLabel={confirmation.confirmLabel}
              onKeep={onClose}
              onConfirm={confirm}
            >
              <Modal.Title fw={650} fz="lg">
                {confirmation.title}
              </Modal.Title>
              <Stack gap="xs">
                {confirmation.body}
                <Text fw={600}>{OpsConfirmations.typeToConfirm(confirmation.expected)}</Text>
              </Stack>
            </TypedConfirmationForm>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
