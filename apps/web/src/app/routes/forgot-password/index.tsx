import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ForgotPasswordSchema, Messages } from '@store/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRequestPasswordReset } from '../../../features/accounts';
import { showAlert } from '../../../features/alert';

export default function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const request = useRequestPasswordReset();
  const parsed = ForgotPasswordSchema.safeParse({ email });
  const fieldError = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    // Spec §5: an empty submit raises the alert 'Email is required.'
    if (email.trim() === '') {
      showAlert({ type: 'error', text: Messages.forgotPasswordEmailRequired });
      return;
    }
    if (!parsed.success || request.isPending) return;
    request.mutate(parsed.data.email, {
      onSuccess: (answer) => navigate('/login', { state: { message: answer.message, type: 'success' } }),
    });
  };

  return (
    <Stack maw={440} mx="auto" mt="lg">
      <Paper
        withBorder
        shadow="xs"
        p="xl"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Forgot Password"
      >
        <Stack gap="md">
          <Title order={1}>Forgot Password</Title>
          <Text size="sm" c="dimmed">
            Enter your e-mail address and we will send you a link to choose a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            onBlur={() => email !== '' && setTouched(true)}
            error={email === '' ? undefined : fieldError}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              Back to Log In
            </Anchor>
            <Button type="submit" loading={request.isPending}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
