import { Modal, Text } from '@mantine/core';
import type { Person } from '@store/core';
import { TypedConfirmationForm } from '../../../components/typed-confirmation-form';

export interface DeleteUserModalProps {
  person: Person | null;
  onClose(): void;
  /** Called with what was typed; the screen compares it with the user's e-mail (spec §5). */
  onConfirm(typedEmail: string): void;
}

/** Spec §5: deleting a user asks for the user's e-mail, which must match. */
export function DeleteUserModal({ person, onClose, onConfirm }: DeleteUserModalProps) {
  return (
    // Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's.
    <Modal.Root opened={person !== null} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="lg">
          {person && (
            <TypedConfirmationForm
              label="User's email"
              keepLabel="Cancel"
              confirmLabel="Delete"
              onKeep={onClose}
              onConfirm={onConfirm}
            >
              <Modal.Title fw={650} fz="lg">
                Delete User
              </Modal.Title>
              <Text>
                To delete {person.firstName} {person.lastName}, type their e-mail address{' '}
                <strong>{person.email}</strong> below. This cannot be undone.
              </Text>
            </TypedConfirmationForm>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
