import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { type Person, RoleMessages, rolesText } from '@store/core';
import { Link } from 'react-router';
import { CardList } from '../../../components/card-list';
import { ColumnHeads } from '../../../components/column-heads';
import { usePhone } from '../../../lib/phone';

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

export interface UserListProps {
  persons: Person[];
  /** The signed-in person, whose delete icon is hidden (spec §2). */
  currentPersonId: number | undefined;
  onDelete: (person: Person) => void;
  /** Opens the person's roles for editing (docs/decisions/033). */
  onEditRoles: (person: Person) => void;
}

function Badges({ person }: { person: Person }) {
  return (
    <>
      {person.deactivated && (
        <Badge size="xs" variant="filled" color="red.9">
          Deactivated
        </Badge>
      )}
      {!person.emailVerified && (
        <Badge size="xs" variant="filled" color="gray.7">
          Not verified
        </Badge>
      )}
    </>
  );
}

function Actions({
  person,
  currentPersonId,
  onDelete,
  onEditRoles,
}: { person: Person } & Omit<UserListProps, 'persons'>) {
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        variant="subtle"
        size="compact-sm"
        aria-label={RoleMessages.rolesOf(name)}
        onClick={() => onEditRoles(person)}
      >
        Roles
      </Button>
      <Anchor component={Link} to={`/Account/${person.personId}`} size="sm" aria-label={`Edit ${name}`}>
        Edit
      </Anchor>
      {person.personId !== currentPersonId && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${name}`}
          onClick={() => onDelete(person)}
        >
          <TrashIcon />
        </ActionIcon>
      )}
    </Group>
  );
}

/**
 * The organization's users (spec §2 "Organization users"): first name, last name, email, their roles
 * (docs/decisions/033), edit and delete. On a phone each user is a card, so the actions are never
 * scrolled out of sight.
 */
export function UserList({ persons, ...actions }: UserListProps) {
  const phone = usePhone();
  if (phone)
    return (
      <CardList label="Users">
        {persons.map((p) => (
          <Paper key={p.personId} component="li" withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {p.firstName} {p.lastName}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {p.email}
                </Text>
                <Text size="sm" data-testid="user-roles">
                  {RoleMessages.rolesLabel}: {rolesText(p)}
                </Text>
                <Group gap="xs">
                  <Badges person={p} />
                </Group>
              </Stack>
              <Actions person={p} {...actions} />
            </Group>
          </Paper>
        ))}
      </CardList>
    );
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
      <ColumnHeads names={['First Name', 'Last Name', 'Email', RoleMessages.rolesLabel]} actions="Actions" />
      <Table.Tbody>
        {persons.map((p) => (
          <Table.Tr key={p.personId}>
            <Table.Td>{p.firstName}</Table.Td>
            <Table.Td>{p.lastName}</Table.Td>
            <Table.Td>
              <Group gap="xs">
                <Text size="sm">{p.email}</Text>
                <Badges person={p} />
              </Group>
            </Table.Td>
            <Table.Td data-testid="user-roles">{rolesText(p)}</Table.Td>
            <Table.Td>
              <Actions person={p} {...actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
