import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { isAdmin, Messages, type Person } from '@store/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../../features/alert';
import { TwoFactorPolicySwitch } from '../../../features/two-factor';
import { DeleteUserModal, useDeletePerson, usePersons } from '../../../features/users';
import { useCurrentUser } from '../../../lib/current-user';

function TrashIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

/** Organization users (spec §2): admins see, add, edit and delete their organization's users. */
export default function OrganizationScreen() {
  const user = useCurrentUser();
  const persons = usePersons();
  const remove = useDeletePerson();
  const [deleting, setDeleting] = useState<Person | null>(null);
  const companyName = user?.organization.companyName ?? '';

  const confirm = (typed: string) => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    // Spec §5: the typed e-mail must match, or nothing is sent.
    if (typed.trim().toLowerCase() !== target.email.toLowerCase()) {
      showAlert({ type: 'error', text: Messages.deleteUserEmailMismatch });
      return;
    }
    remove.mutate(target.personId, {
      onSuccess: () => showAlert({ type: 'success', text: Messages.userDeleted }),
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">First Name</Table.Th>
                <Table.Th scope="col">Last Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(persons.data ?? []).map((p) => {
                const name = `${p.firstName} ${p.lastName}`;
                return (
                  <Table.Tr key={p.personId}>
                    <Table.Td>{p.firstName}</Table.Td>
                    <Table.Td>{p.lastName}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{p.email}</Text>
                        {isAdmin(p) && (
                          <Badge size="xs" variant="filled">
                            Admin
                          </Badge>
                        )}
                        {!p.emailVerified && (
                          <Badge size="xs" variant="filled" color="gray.7">
                            Not verified
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Anchor
                          component={Link}
                          to={`/Account/${p.personId}`}
                          size="sm"
                          aria-label={`Edit ${name}`}
                        >
                          Edit
                        </Anchor>
                        {p.personId !== user?.person.personId && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${name}`}
                            onClick={() => setDeleting(p)}
                          >
                            <TrashIcon />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {user && isAdmin(user.person) && <TwoFactorPolicySwitch />}
      <DeleteUserModal person={deleting} onClose={() => setDeleting(null)} onConfirm={confirm} />
    </Stack>
  );
}
