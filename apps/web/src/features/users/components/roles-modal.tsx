import { Button, Group, Modal, Stack } from '@mantine/core';
import { type Person, Rights, type Role, RoleMessages, rightsWithRoles, rolesOf } from '@store/core';
import { useState } from 'react';
import { showAlert } from '../../alert';
import { useUpdatePerson } from '../api/update-person';
import { RoleCheckboxes } from './role-checkboxes';

export interface RolesModalProps {
  /** Whose roles are edited; null: closed. */
  person: Person | null;
  onClose(): void;
}

/** The Users screen's role editor: an admin ticks a person's roles and saves them (docs/decisions/033). */
export function RolesModal({ person, onClose }: RolesModalProps) {
  return (
    // Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's.
    <Modal.Root opened={person !== null} onClose={onClose} centered size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="lg">
          {person && <RolesForm key={person.personId} person={person} onClose={onClose} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function RolesForm({ person, onClose }: { person: Person; onClose(): void }) {
  const [roles, setRoles] = useState<Role[]>(() => rolesOf(person));
  const update = useUpdatePerson();
  const name = `${person.firstName} ${person.lastName}`;
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      { personId: person.personId, body: { rights: rightsWithRoles(Rights.User, roles) } },
      {
        onSuccess: () => {
          onClose();
          showAlert({ type: 'success', text: RoleMessages.saved(name), focus: true });
        },
        // The refusal (the last admin keeps the admin role) is in the alert banner; the dialog closes
        // so it can be read.
        onError: onClose,
      },
    );
  };
  return (
    <form onSubmit={save} aria-label={RoleMessages.rolesOf(name)}>
      <Stack gap="md">
        <Modal.Title fw={650} fz="lg">
          {RoleMessages.rolesOf(name)}
        </Modal.Title>
        <RoleCheckboxes value={roles} onChange={setRoles} disabled={update.isPending} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Roles
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
