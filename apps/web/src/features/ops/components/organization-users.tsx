import { Badge, Button, Group, Table, Text } from '@mantine/core';
import {
  isAdmin,
  OpsActionConfirmations,
  OpsConfirmations,
  type OpsOrganizationDetail,
  type Person,
  roleDescription,
  rolesOf,
} from '@store/core';
import { useState } from 'react';
import { DangerButton } from '../../../components/danger-button';
import { showAlert } from '../../alert';
import { useDemoteAdmin } from '../api/demote-admin';
import { usePromoteAdmin } from '../api/promote-admin';
import { useRemovePerson } from '../api/remove-person';
import { useResendVerificationMail } from '../api/resend-verification-mail';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { announce } from './announce';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { ConsoleSection } from './console-section';
import { FramedTable } from './table-frame';

/** The organization's people: who administers it, who has not verified, and the two fixes for those. */
export function OrganizationUsers({
  organizationId,
  organizationName,
  users,
}: {
  organizationId: number;
  organizationName: string;
  users: OpsOrganizationDetail['users'];
}) {
  const promote = usePromoteAdmin();
  const resend = useResendVerificationMail();
  const resetTwoFactor = useResetTwoFactor();
  const demote = useDemoteAdmin();
  const remove = useRemovePerson();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  /** A typed confirmation of an action on a person, naming them and the customer (docs/decisions/031). */
  const confirmPerson = (
    p: Person,
    title: string,
    sentence: (name: string, email: string, customer: string) => string,
    act: (ids: { organizationId: number; personId: number }) => void,
  ) =>
    setAsking({
      title,
      body: <Text>{sentence(`${p.firstName} ${p.lastName}`, p.email, organizationName)}</Text>,
      typeLabel: "User's email",
      expected: p.email,
      confirmLabel: title,
      onConfirm: () => act({ organizationId, personId: p.personId }),
    });
  return (
    <ConsoleSection headingId="users-heading" title="Users">
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
      <FramedTable
        label="Users"
        labelledBy="users-heading"
        minWidth={760}
        verticalSpacing="xs"
        heads={['Name', 'E-mail', 'Actions']}
      >
        {users.map((p) => {
          const name = `${p.firstName} ${p.lastName}`;
          return (
            <Table.Tr key={p.personId}>
              <Table.Td>
                <Group gap={6}>
                  {name}
                  {isAdmin(p) && <Badge size="xs">Admin</Badge>}
                  {/* The customer's other roles (docs/decisions/033), so the operator sees who pays and who runs the keys. */}
                  {rolesOf(p)
                    .filter((role) => role !== 'admin')
                    .map((role) => (
                      <Badge key={role} size="xs">
                        {roleDescription(role).label}
                      </Badge>
                    ))}
                  {p.deactivated && (
                    <Badge size="xs" color="red.9">
                      Deactivated
                    </Badge>
                  )}
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
                      onClick={() =>
                        confirmPerson(p, 'Make admin', OpsConfirmations.makeAdmin, (ids) =>
                          promote.mutate(ids, {
                            onSuccess: () => showAlert({ type: 'success', text: `${name} is now an admin` }),
                          }),
                        )
                      }
                    >
                      Make admin
                    </Button>
                  )}
                  {isAdmin(p) && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Make user: ${name}`}
                      onClick={() =>
                        confirmPerson(p, 'Make user', OpsActionConfirmations.demote, (ids) =>
                          announce(demote.mutateAsync(ids)),
                        )
                      }
                    >
                      Make user
                    </Button>
                  )}
                  {p.twoFactorEnabled && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Reset two-factor: ${name}`}
                      onClick={() =>
                        confirmPerson(p, 'Reset two-factor', OpsActionConfirmations.resetTwoFactor, (ids) =>
                          announce(resetTwoFactor.mutateAsync(ids)),
                        )
                      }
                    >
                      Reset two-factor
                    </Button>
                  )}
                  <DangerButton
                    size="xs"
                    aria-label={`Remove: ${name}`}
                    onClick={() =>
                      confirmPerson(p, 'Remove user', OpsActionConfirmations.remove, (ids) =>
                        announce(remove.mutateAsync(ids)),
                      )
                    }
                  >
                    Remove
                  </DangerButton>
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
      </FramedTable>
    </ConsoleSection>
  );
}
