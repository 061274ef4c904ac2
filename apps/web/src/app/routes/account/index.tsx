import { Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { AccountMessages, isAdmin, Messages, type UpdatePerson } from '@store/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { showAlert } from '../../../features/alert';
import { OwnSessionsPanel } from '../../../features/sessions';
import { ResetTwoFactor, TwoFactorPanel } from '../../../features/two-factor';
import {
  AccountFieldEditor,
  type EditableAccountField,
  usePerson,
  useUpdatePerson,
} from '../../../features/users';
import { useCurrentUser } from '../../../lib/current-user';

const FIELDS: EditableAccountField[] = ['firstName', 'lastName', 'email', 'phone', 'password'];

export default function AccountScreen() {
  const { id } = useParams();
  const personId = Number(id);
  const user = useCurrentUser();
  const person = usePerson(personId);
  const update = useUpdatePerson();
  const [editing, setEditing] = useState<EditableAccountField | null>(null);

  const save = (body: UpdatePerson, after?: () => void) =>
    update.mutate(
      { personId, body },
      {
        onSuccess: (saved) => {
          after?.();
          const emailPending = body.email !== undefined && saved.pendingEmail;
          showAlert({
            type: 'success',
            text: emailPending
              ? `${Messages.userUpdated} ${AccountMessages.emailChangePending(saved.pendingEmail!)}`
              : Messages.userUpdated,
          });
        },
      },
    );

  if (!Number.isInteger(personId) || personId <= 0) {
    return <Text role="alert">No such user.</Text>;
  }
  if (person.isPending) {
    return (
      <Stack align="center" mt="xl">
        <Loader aria-label="Loading the account" />
      </Stack>
    );
  }
  if (!person.data) {
    return (
      <Stack maw={560} mx="auto">
        <Title order={1}>Update Account</Title>
        <Text>This account cannot be shown.</Text>
      </Stack>
    );
  }
  const p = person.data;
  const viewerIsAdmin = user ? isAdmin(user.person) : false;
  const self = user?.person.personId === p.personId;

  return (
    <Stack maw={560} mx="auto" gap="lg">
      <div>
        <Title order={1}>Update Account</Title>
        {!self && (
          <Text c="dimmed" mt={4}>
            {p.firstName} {p.lastName}
          </Text>
        )}
      </div>
      <Paper withBorder shadow="xs" p="lg">
        <Stack gap={0}>
          {FIELDS.map((field, i) => (
            <div key={field}>
              {i > 0 && <Divider />}
              <AccountFieldEditor
                field={field}
                value={field === 'password' ? '' : (p[field] ?? '')}
                editing={editing === field}
                hideEdit={editing !== null && editing !== field}
                saving={update.isPending && editing === field}
                note={
                  field === 'email' && p.pendingEmail
                    ? AccountMessages.emailChangePending(p.pendingEmail)
                    : undefined
                }
                onEdit={() => setEditing(field)}
                onCancel={() => setEditing(null)}
                askCurrentPassword={self && (field === 'password' || field === 'email')}
                onUpdate={(value, currentPassword) =>
                  save({ [field]: value, ...(currentPassword ? { currentPassword } : {}) }, () =>
                    setEditing(null),
                  )
                }
              />
            </div>
          ))}
          {self && (
            <>
              <Divider />
              <TwoFactorPanel />
              <Divider />
              <OwnSessionsPanel />
            </>
          )}
          {viewerIsAdmin && !self && (
            <>
              <Divider />
              <ResetTwoFactor person={p} />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
