import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type Person, TypedConfirmationSchema } from '@store/core';
import { useSchemaForm } from '../../../lib/form';

export interface DeleteUserModalProps {
  person: Person | null;
  onClose(): void;
  /** Called with what was typed; the screen compares it with the user's e-mail (spec §5). */
  onConfirm(typedEmail: string): void;
}

/** Spec §5: deleting a user asks for the user's e-mail, which must match. */
export function DeleteUserModal({ person, onClose, onConfirm }: DeleteUserModalProps) {
  const { form, onSubmit, reset } = useSchemaForm(TypedConfirmationSchema, { initialValues: { typed: '' } });
  const close = () => {
    reset();
    onClose();
  };
  const submit = onSubmit(({ typed }) => {
    onConfirm(typed);
    reset();
  });
  return (
    // Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's.
    <Modal.Root opened={person !== null} onClose={close} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="lg">
          {person && (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <Modal.Title fw={650} fz="lg">
                  Delete User
                </Modal.Title>
                <Text>
                  To delete {person.firstName} {person.lastName}, type their e-mail address{' '}
                  <strong>{person.email}</strong> below. This cannot be undone.
                </Text>
                <TextInput
                  label="User's email"
                  data-autofocus
                  autoComplete="off"
                  {...form.getInputProps('typed')}
                />
                <Group justify="flex-end">
                  <Button variant="default" onClick={close}>
                    Cancel
                  </Button>
                  {/* red 9: white on the default filled red is under 4.5:1 (WCAG AA). */}
                  <Button type="submit" color="red.9">
                    Delete
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
