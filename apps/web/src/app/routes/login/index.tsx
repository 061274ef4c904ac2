import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '../../../features/alert';
import { InternetExplorerWarning, LoginForm, logout } from '../../../features/auth';
import { safeReturnUrl } from '../../../lib/navigation';

/** What another screen may pass in router state, e.g. after a password reset. */
export interface LoginLocationState {
  message?: string;
  type?: 'success' | 'error';
}

export default function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const state = location.state as LoginLocationState | null;

  // Spec §2: visiting login logs the user out first.
  useEffect(() => {
    logout();
  }, []);

  useEffect(() => {
    if (state?.message) showAlert({ type: state.type ?? 'success', text: state.message });
  }, [state]);

  return (
    <Stack maw={420} mx="auto" mt="lg" gap="md">
      <InternetExplorerWarning />
      <Paper withBorder shadow="xs" p="xl">
        <Stack gap="lg">
          <div>
            <Title order={1}>Log In</Title>
            <Text c="dimmed" size="sm" mt={4}>
              Sign in to manage your organization's subscriptions and licenses.
            </Text>
          </div>
          <LoginForm onLoggedIn={() => navigate(returnUrl, { replace: true })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
