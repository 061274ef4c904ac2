import { Paper, Stack, Title } from '@mantine/core';
import { SsoScreenName } from '@store/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SsoLanding, ssoLanding } from '../../../features/sso';

/** Single sign-on's landing (docs/decisions/036): signed in, on to the first page; refused, told why. */
export default function SsoScreen() {
  const navigate = useNavigate();
  const onLoggedIn = useCallback(
    (person: Parameters<typeof ssoLanding>[0]) => navigate(ssoLanding(person), { replace: true }),
    [navigate],
  );
  return (
    <Stack maw={420} mx="auto" mt="lg" gap="md">
      <Paper withBorder shadow="xs" p="xl">
        <Stack gap="lg">
          <Title order={1}>{SsoScreenName.heading}</Title>
          <SsoLanding onLoggedIn={onLoggedIn} />
        </Stack>
      </Paper>
    </Stack>
  );
}
