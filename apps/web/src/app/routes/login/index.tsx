import { Paper, Stack, Text, Title } from '@mantine/core';
import { isOperator, type Person } from '@store/core';
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
  const asked = params.get('returnUrl');
  // The operator runs the store from the console; a customer's first page would be an empty list.
  const landing = (person: Person) =>
    asked ? safeReturnUrl(asked) : isOperator(person) ? '/ops' : safeReturnUrl(null);
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
          <LoginForm onLoggedIn={(person) => navigate(landing(person), { replace: true })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
