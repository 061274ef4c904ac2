import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type LoginRequest,
  LoginRequestSchema,
  type LoginResponse,
  Messages,
  type Person,
  type PossibleOrganization,
  SsoMessages,
} from '@store/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { AccountEmailInput } from '../../../components/account-email-input';
import { signInWith } from '../../../lib/current-user';
import { useFocusWhenShown } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/form';
import { clearAlert, showAlert } from '../../alert';
import { ssoStartUrl, useSsoOffered } from '../../sso';
import { useAuthenticate } from '../api/authenticate';

// The form holds the company as the select's text; the request's orgId is a number or null.
const LoginFields = z.extend(z.pick(LoginRequestSchema, { email: true, password: true }), {
  orgId: z.string(),
});
const LoginFieldsWithCompany = z.extend(LoginFields, {
  orgId: z.string().check(z.minLength(1, Messages.organizationRequired)),
});

// The second step, and the company's select, show only after the server has answered: to people
// with two-factor sign-in, and to an e-mail address of several organizations (spec §4).
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step')).TwoFactorStep }));
const NativeSelect = lazy(async () => ({ default: (await import('@mantine/core')).NativeSelect }));

export interface LoginFormProps {
  /** Signed in as this person (the screen decides where they land). */
  onLoggedIn: (person: Person) => void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const [organizations, setOrganizations] = useState<PossibleOrganization[] | null>(null);
  const authenticate = useAuthenticate();
  // docs/design.md §4: the password (and organization) matched a person with two-factor sign-in.
  const [secondFactor, setSecondFactor] = useState<LoginRequest | null>(null);
  const { form, onSubmit, reset } = useSchemaForm(organizations ? LoginFieldsWithCompany : LoginFields, {
    initialValues: { email: '', password: '', orgId: '' },
  });
  // docs/decisions/036: once the address is typed, a claimed domain with single sign-on set up offers it.
  const [typedEmail] = useDebouncedValue(form.getValues().email, 300);
  const ssoOffered = useSsoOffered(typedEmail).data?.sso === true;
  // The select appears above the Login button that was pressed: focus moves to it, the next step.
  const focusCompany = useFocusWhenShown<HTMLSelectElement>();

  const send = (request: LoginRequest) =>
    authenticate.mutate(request, { onSuccess: (response) => answered(request, response) });

  const answered = (request: LoginRequest, response: LoginResponse) => {
    const person = response.success ? signInWith(response) : null;
    if (person) {
      onLoggedIn(person);
      return;
    }
    if (response.twoFactorRequired && !secondFactor) {
      setSecondFactor({ ...request, totp: undefined, recoveryCode: undefined });
      return;
    }
    // Spec §4: several organizations matched, so the user picks one and logs in again.
    const choices = response.possibleOrganizations ?? [];
    if (!response.success && choices.length > 1) {
      // An earlier attempt's "incorrect" no longer holds: this password matched.
      clearAlert();
      setOrganizations(choices);
      reset({ ...form.getValues(), orgId: '' });
      return;
    }
    showAlert({
      type: 'error',
      text: response.error || 'The e-mail address or password is not correct.',
      focus: true,
    });
  };

  const submit = onSubmit((values) => {
    if (authenticate.isPending) return;
    send({
      email: values.email,
      password: values.password,
      orgId: organizations ? Number(values.orgId) : null,
      rememberMe: true,
    });
  });

  if (secondFactor) {
    return (
      <Suspense>
        <TwoFactorStep
          pending={authenticate.isPending}
          onCode={(factor) => send({ ...secondFactor, ...factor })}
          onBack={() => setSecondFactor(null)}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <Stack gap="md">
        <AccountEmailInput {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        {organizations && (
          <>
            <Alert variant="light" color="yellow" role="status" data-testid="organization-warning">
              {Messages.multipleOrganizations}
            </Alert>
            <Suspense>
              <NativeSelect
                ref={focusCompany}
                label="Company"
                required
                {...form.getInputProps('orgId')}
                data={[
                  { value: '', label: 'Choose your company', disabled: true },
                  ...organizations.map((o) => ({ value: String(o.organizationId), label: o.companyName })),
                ]}
              />
            </Suspense>
          </>
        )}
        <Button type="submit" fullWidth loading={authenticate.isPending} mt="xs">
          Login
        </Button>
        {ssoOffered && (
          <Button component="a" href={ssoStartUrl(typedEmail)} variant="default" fullWidth>
            {SsoMessages.continueWithSso}
          </Button>
        )}
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
