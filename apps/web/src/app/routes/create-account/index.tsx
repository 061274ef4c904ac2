import { Anchor, Button, Group } from '@mantine/core';
import { Messages, Rights, ROLE_NAMES, type Role, rightsWithRoles, UserInfoSchema } from '@store/core';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { AccountFormFrame } from '../../../components/account-form-frame';
import { UserInfoFields } from '../../../features/accounts';
import { showAlert } from '../../../features/alert';
import { RoleCheckboxes, useCreatePerson } from '../../../features/users';
import { useSchemaForm } from '../../../lib/form';

// The user-info form plus the new user's roles.
const AddUserSchema = z.extend(UserInfoSchema, { roles: z.array(z.enum(ROLE_NAMES)) });

/** Add New User (spec §2, §4): the user-info form plus the roles (docs/design.md §5a, docs/decisions/033). */
export default function CreateAccountScreen() {
  const navigate = useNavigate();
  const create = useCreatePerson();
  const { form, values, valid, onSubmit } = useSchemaForm(AddUserSchema, {
    initialValues: { firstName: '', lastName: '', email: '', password: '', roles: [] as Role[] },
  });

  const submit = onSubmit((v) => {
    if (create.isPending) return;
    create.mutate(
      {
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email,
        password: v.password,
        // Rights are bit flags (docs/spec.md §3): 1 user, plus a bit per role.
        rights: rightsWithRoles(Rights.User, v.roles),
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
      <RoleCheckboxes value={values.roles} onChange={(roles) => form.setFieldValue('roles', roles)} />
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
