import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AccountMessages, Messages, type PossibleOrganization, ResetPasswordSchema } from '@store/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useResetPassword, useResetRequestCheck, useZodForm } from '../../../features/accounts';

/** Set Password (spec §2, §4, §5): the organization select appears when the server asks for one. */
export default function ResetPasswordScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const check = useResetRequestCheck(id);
  const reset = useResetPassword();
  const [organizations, setOrganizations] = useState<PossibleOrganization[] | null>(null);
  const form = useZodForm(ResetPasswordSchema, { email: '', password: '', confirmPassword: '' });
  const [orgId, setOrgId] = useState('');
  const [orgTouched, setOrgTouched] = useState(false);
  const v = form.values;
  const orgError = organizations && orgId === '' ? Messages.organizationRequired : undefined;
  const valid = form.valid && !orgError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    setOrgTouched(true);
    if (!valid || reset.isPending) return;
    reset.mutate(
      {
        resetId: id,
        body: {
          email: v.email.trim(),
          password: v.password,
          orgId: organizations ? Number(orgId) : null,
          rememberMe: true,
        },
      },
      {
        onSuccess: (answer) => {
          if (answer.success) {
            navigate('/login', { state: { message: AccountMessages.passwordReset, type: 'success' } });
            return;
          }
          if ((answer.possibleOrganizations?.length ?? 0) > 1)
            setOrganizations(answer.possibleOrganizations ?? []);
        },
      },
    );
  };

  if (check.isPending) {
    return (
      <Stack align="center" mt="xl">
        <Loader aria-label="Checking the reset link" />
      </Stack>
    );
  }
  if (check.data?.valid !== true) {
    return (
      <Stack maw={480} mx="auto" mt="lg">
        <Paper withBorder shadow="xs" p="xl">
          <Stack gap="sm">
            <Title order={1}>Set Password</Title>
            <Text role="alert">{AccountMessages.resetLinkInvalid}</Text>
            <Anchor component={Link} to="/ForgotPassword">
              Request a new link
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack maw={480} mx="auto" mt="lg">
      <Paper
        withBorder
        shadow="xs"
        p="xl"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Set Password"
      >
        <Stack gap="md">
          <Title order={1}>Set Password</Title>
          {organizations && (
            <>
              <Alert variant="light" color="yellow" role="status">
                Your e-mail address belongs to more than one organization. Choose the organization whose
                password you want to set.
              </Alert>
              <NativeSelect
                label="Organization"
                required
                value={orgId}
                onChange={(e) => {
                  setOrgId(e.currentTarget.value);
                  setOrgTouched(true);
                }}
                onBlur={() => setOrgTouched(true)}
                error={orgTouched ? orgError : undefined}
                data={[
                  { value: '', label: 'Choose your organization' },
                  ...organizations.map((o) => ({ value: String(o.organizationId), label: o.companyName })),
                ]}
              />
            </>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={v.email}
            onChange={(e) => form.set('email', e.currentTarget.value)}
            onBlur={() => form.touch('email')}
            error={form.error('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            value={v.password}
            onChange={(e) => form.set('password', e.currentTarget.value)}
            onBlur={() => form.touch('password')}
            error={form.error('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            value={v.confirmPassword}
            onChange={(e) => form.set('confirmPassword', e.currentTarget.value)}
            onBlur={() => form.touch('confirmPassword')}
            error={form.error('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={reset.isPending}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
