import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { ForgotPasswordSchema, Messages } from '@store/core';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccountFormFrame } from '../../../components/account-form-frame';
import { useRequestPasswordReset } from '../../../features/accounts';
import { showAlert } from '../../../features/alert';
import { useSchemaForm } from '../../../lib/form';

export default function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const { form, onSubmit } = useSchemaForm(ForgotPasswordSchema, { initialValues: { email: '' } });
  const email = form.getValues().email;

  const submit = onSubmit((v) => {
    if (request.isPending) return;
    request.mutate(v.email, {
      onSuccess: (answer) => navigate('/login', { state: { message: answer.message, type: 'success' } }),
    });
  });
  // Spec §5: an empty submit raises the alert 'Email is required.' (not a field message), so the
  // button stays enabled while the field is empty.
  const submitOrAlert = (event: FormEvent) => {
    if (email.trim() === '') {
      event.preventDefault();
      showAlert({ type: 'error', text: Messages.forgotPasswordEmailRequired });
      return;
    }
    submit(event);
  };
  const emailProps = form.getInputProps('email');

  return (
    <AccountFormFrame title="Forgot Password" width={440} onSubmit={submitOrAlert}>
      <Text size="sm" c="dimmed">
        Enter your e-mail address and we will send you a link to choose a new password.
      </Text>
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...emailProps}
        error={email.trim() === '' ? undefined : emailProps.error}
      />
      <Group justify="space-between">
        <Anchor component={Link} to="/login" size="sm">
          Back to Log In
        </Anchor>
        <Button type="submit" loading={request.isPending}>
          Reset Password
        </Button>
      </Group>
    </AccountFormFrame>
  );
}
