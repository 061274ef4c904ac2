import { Alert, Anchor, Button, Group, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginRequest, LoginRequestSchema, Messages, type PossibleOrganization } from '@store/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { setCurrentUser } from '../../../lib/current-user';
import { showAlert } from '../../alert';
import { useAuthenticate } from '../api/authenticate';

type Field = 'email' | 'password' | 'orgId';
type Errors = Partial<Record<Field, string>>;

function validate(values: { email: string; password: string; orgId: string }, chooseOrg: boolean): Errors {
  const errors: Errors = {};
  const parsed = LoginRequestSchema.safeParse({ email: values.email, password: values.password });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  if (chooseOrg && values.orgId === '') errors.orgId = Messages.organizationRequired;
  return errors;
}

export interface LoginFormProps {
  onLoggedIn: () => void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const [values, setValues] = useState({ email: '', password: '', orgId: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [organizations, setOrganizations] = useState<PossibleOrganization[] | null>(null);
  const authenticate = useAuthenticate();

  const errors = validate(values, organizations !== null);
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);
  const touch = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));
  const change = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true, orgId: true });
    if (Object.keys(errors).length > 0 || authenticate.isPending) return;
    const request: LoginRequest = {
      email: values.email.trim(),
      password: values.password,
      orgId: organizations ? Number(values.orgId) : null,
      rememberMe: true,
    };
    authenticate.mutate(request, {
      onSuccess: (response) => {
        if (response.success && response.token && response.person && response.organization) {
          setCurrentUser({
            token: response.token,
            person: response.person,
            organization: response.organization,
          });
          onLoggedIn();
          return;
        }
        // Spec §4: several organizations matched, so the user picks one and logs in again.
        const choices = response.possibleOrganizations ?? [];
        if (!response.success && choices.length > 1) {
          setOrganizations(choices);
          setValues((v) => ({ ...v, orgId: '' }));
          setTouched((t) => ({ ...t, orgId: false }));
          return;
        }
        showAlert({
          type: 'error',
          text: response.error || 'The e-mail address or password is not correct.',
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          value={values.email}
          onChange={change('email')}
          onBlur={() => touch('email')}
          error={shown('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          onBlur={() => touch('password')}
          error={shown('password')}
        />
        {organizations && (
          <>
            <Alert variant="light" color="yellow" role="status" data-testid="organization-warning">
              {Messages.multipleOrganizations}
            </Alert>
            <NativeSelect
              label="Company"
              required
              value={values.orgId}
              onChange={change('orgId')}
              onBlur={() => touch('orgId')}
              error={shown('orgId')}
              data={[
                { value: '', label: 'Choose your company', disabled: true },
                ...organizations.map((o) => ({ value: String(o.organizationId), label: o.companyName })),
              ]}
            />
          </>
        )}
        <Button type="submit" fullWidth loading={authenticate.isPending} mt="xs">
          Login
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/ForgotPassword" size="sm">
            Forgot Password
          </Anchor>
          <Anchor component={Link} to="/register" size="sm">
            Register
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
