import { Anchor, Button, Checkbox, Group } from '@mantine/core';
import { Messages, Rights, UserInfoSchema } from '@store/core';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { AccountFormFrame } from '../../../components/account-form-frame';
import { UserInfoFields } from '../../../features/accounts';
import { showAlert } from '../../../features/alert';
import { useCreatePerson } from '../../../features/users';
import { useSchemaForm } from '../../../lib/form';

// The user-info form plus whether the new user administers the organization.
const AddUserSchema = z.extend(UserInfoSchema, { admin: z.boolean() });

/** Add New User (spec §2, §4): the user-info form plus Administrator (docs/design.md §2). */
export default function CreateAccountScreen() {
  const navigate = useNavigate();
  const create = useCreatePerson();
  const { form, valid, onSubmit } = useSchemaForm(AddUserSchema, {
    initialValues: { firstName: '', lastName: '', email: '', password: '', admin: false },
  });

  const submit = onSubmit((v) => {
    if (create.isPending) return;
    create.mutate(
      {
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email,
        password: v.password,
        // Rights are bit flags (docs/spec.md §3): 1 user, 3 user and administrator.
        rights: v.admin ? Rights.User | Rights.Admin : Rights.User,
      },
      {
        onSuccess: () => {
          showAlert({ type: 'success', text: Messages.userCreated, keep: true });
          navigate('/Organization');
        },
      },
    );
  });

  return (
    <AccountFormFrame title="Add New User" width={640} titleAbove onSubmit={submit}>
      <UserInfoFields form={form} />
      <Checkbox
        label="Administrator"
        description="Administrators manage users, subscriptions and billing."
        {...form.getInputProps('admin', { type: 'checkbox' })}
      />
      <Group justify="flex-end">
        <Anchor component={Link} to="/Organization">
          Cancel
        </Anchor>
        <Button type="submit" disabled={!valid} loading={create.isPending}>
          Create User
        </Button>
      </Group>
    </AccountFormFrame>
  );
}
