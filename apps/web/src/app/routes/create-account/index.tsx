import { Anchor, Button, Checkbox, Group, Paper, Stack, Title } from '@mantine/core';
import { Messages, UserInfoSchema } from '@store/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { UserInfoFields, useZodForm } from '../../../features/accounts';
import { showAlert } from '../../../features/alert';
import { useCreatePerson } from '../../../features/users';

/** Add New User (spec §2, §4): the user-info form plus Administrator (DESIGN.md §2). */
export default function CreateAccountScreen() {
  const navigate = useNavigate();
  const create = useCreatePerson();
  const form = useZodForm(UserInfoSchema, { firstName: '', lastName: '', email: '', password: '' });
  const [admin, setAdmin] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid || create.isPending) return;
    const v = form.values;
    create.mutate(
      {
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email.trim(),
        password: v.password,
        isAdmin: admin,
      },
      {
        onSuccess: () => {
          showAlert({ type: 'success', text: Messages.userCreated, keep: true });
          navigate('/Organization');
        },
      },
    );
  };

  return (
    <Stack maw={640} mx="auto" gap="lg">
      <Title order={1}>Add New User</Title>
      <Paper
        withBorder
        shadow="xs"
        p="xl"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Add New User"
      >
        <Stack gap="lg">
          <UserInfoFields form={form} />
          <Checkbox
            label="Administrator"
            description="Administrators manage users, subscriptions and billing."
            checked={admin}
            onChange={(e) => setAdmin(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/Organization">
              Cancel
            </Anchor>
            <Button type="submit" disabled={!form.valid} loading={create.isPending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
