import { Button, Group, Loader, Stack, Title } from '@mantine/core';
import { isAdmin, Messages, type Person } from '@store/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../../features/alert';
import { TwoFactorPolicySwitch } from '../../../features/two-factor';
import { DeleteUserModal, RolesModal, UserList, useDeletePerson, usePersons } from '../../../features/users';
import { useCurrentUser } from '../../../lib/current-user';

/** Organization users (spec §2): admins see, add, edit and delete their organization's users, and give them roles (docs/decisions/033). */
export default function OrganizationScreen() {
  const user = useCurrentUser();
  const persons = usePersons();
  const remove = useDeletePerson();
  const [deleting, setDeleting] = useState<Person | null>(null);
  const [editingRoles, setEditingRoles] = useState<Person | null>(null);
  const companyName = user?.organization.companyName ?? '';

  const confirm = (typed: string) => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    // Spec §5: the typed e-mail must match, or nothing is sent.
    if (typed.trim().toLowerCase() !== target.email.toLowerCase()) {
      showAlert({ type: 'error', text: Messages.deleteUserEmailMismatch, focus: true });
      return;
    }
    remove.mutate(target.personId, {
      // The row and its Delete button are gone: focus goes to the message that says so.
      onSuccess: () => showAlert({ type: 'success', text: Messages.userDeleted, focus: true }),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{Messages.usersTitle(companyName)}</Title>
        <Button component={Link} to="/CreateAccount">
          Add User
        </Button>
      </Group>
      {persons.isPending ? (
        <Loader aria-label="Loading users" />
      ) : (
        <UserList
          persons={persons.data ?? []}
          currentPersonId={user?.person.personId}
          onDelete={setDeleting}
          onEditRoles={setEditingRoles}
        />
      )}
      {user && isAdmin(user.person) && <TwoFactorPolicySwitch />}
      <DeleteUserModal person={deleting} onClose={() => setDeleting(null)} onConfirm={confirm} />
      <RolesModal person={editingRoles} onClose={() => setEditingRoles(null)} />
    </Stack>
  );
}
