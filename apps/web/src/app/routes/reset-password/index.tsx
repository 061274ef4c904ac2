import { Alert, Anchor, Loader, NativeSelect, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { AccountMessages, Messages, type PossibleOrganization, ResetPasswordSchema } from '@store/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod/mini';
import { AccountEmailInput } from '../../../components/account-email-input';
import { AccountFormFrame } from '../../../components/account-form-frame';
import { NewPasswordInput } from '../../../components/new-password-input';
import { SubmitRow } from '../../../components/submit-row';
import { useResetPassword, useResetRequestCheck } from '../../../features/accounts';
import { useSchemaForm } from '../../../lib/form';

// The organization select holds text; the request's orgId is its number. The form schema is not
// strict, so the choice travels beside the request's fields under its own name.
const WithOrganization = z.intersection(
  ResetPasswordSchema,
  z.object({ company: z.string().check(z.minLength(1, Messages.organizationRequired)) }),
);

/** Set Password (spec §2, §4, §5): the organization select appears when the server asks for one. */
export default function ResetPasswordScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const check = useResetRequestCheck(id);
  const reset = useResetPassword();
  const [organizations, setOrganizations] = useState<PossibleOrganization[] | null>(null);
  const { form, onSubmit } = useSchemaForm(organizations ? WithOrganization : ResetPasswordSchema, {
    initialValues: { email: '', password: '', confirmPassword: '', company: '' },
  });

  const submit = onSubmit((v) => {
    if (reset.isPending) return;
    reset.mutate(
      {
        resetId: id,
        body: {
          email: v.email,
          password: v.password,
          orgId: organizations ? Number(form.getValues().company) : null,
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
  });

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
    <AccountFormFrame title="Set Password" width={480} onSubmit={submit}>
      {organizations && (
        <>
          <Alert variant="light" color="yellow" role="status">
            Your e-mail address belongs to more than one organization. Choose the organization whose password
            you want to set.
          </Alert>
          <NativeSelect
            label="Organization"
            required
            {...form.getInputProps('company')}
            data={[
              { value: '', label: 'Choose your organization' },
              ...organizations.map((o) => ({ value: String(o.organizationId), label: o.companyName })),
            ]}
          />
        </>
      )}
      <AccountEmailInput {...form.getInputProps('email')} />
      <NewPasswordInput label="Password" required {...form.getInputProps('password')} />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
      <SubmitRow loading={reset.isPending}>Reset Password</SubmitRow>
    </AccountFormFrame>
  );
}
