import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { isAdmin, OpsConfirmations, type Person } from '@store/core';
import { useState } from 'react';
import { showAlert } from '../../alert';
import { usePromoteAdmin } from '../api/promote-admin';
import { useResendVerificationMail } from '../api/resend-verification-mail';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { ConsoleSection } from './console-section';
import { TableFrame } from './table-frame';

/** The organization's people: who administers it, who has not verified, and the two fixes for those. */
export function OrganizationUsers({
  organizationId,
  organizationName,
  users,
}: {
  organizationId: number;
  organizationName: string;
  users: Person[];
}) {
  const promote = usePromoteAdmin();
  const resend = useResendVerificationMail();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const makeAdmin = (p: Person, name: string) =>
    setAsking({
      title: 'Make admin',
      body: <Text>{OpsConfirmations.makeAdmin(name, p.email, organizationName)}</Text>,
      typeLabel: "User's email",
      expected: p.email,
      confirmLabel: 'Make admin',
      onConfirm: () =>
        promote.mutate(
          { organizationId, personId: p.personId },
          { onSuccess: () => showAlert({ type: 'success', text: `${name} is now an admin` }) },
        ),
    });
  return (
    <ConsoleSection headingId="users-heading" title="Users">
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
      <TableFrame minWidth={560} label="Users, scrolls sideways">
        <Table aria-labelledby="users-heading" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">E-mail</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((p) => {
              const name = `${p.firstName} ${p.lastName}`;
              return (
                <Table.Tr key={p.personId}>
                  <Table.Td>
                    <Group gap={6}>
                      {name}
                      {isAdmin(p) && <Badge size="xs">Admin</Badge>}
                      {!p.emailVerified && (
                        <Badge size="xs" color="gray.7">
                          Not verified
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{p.email}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {!isAdmin(p) && (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Make admin: ${name}`}
                          loading={promote.isPending && promote.variables?.personId === p.personId}
                          onClick={() => makeAdmin(p, name)}
                        >
                          Make admin
                        </Button>
                      )}
                      {!p.emailVerified && (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Resend verification: ${name}`}
                          loading={resend.isPending && resend.variables === p.personId}
                          onClick={() =>
                            resend.mutate(p.personId, {
                              onSuccess: ({ message }) => showAlert({ type: 'success', text: message }),
                            })
                          }
                        >
                          Resend verification
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableFrame>
    </ConsoleSection>
  );
}
