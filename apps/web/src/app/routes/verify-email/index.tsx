import { Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { AccountMessages, Messages } from '@store/core';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useVerifyEmail } from '../../../features/accounts';

/** Spec §2: verifies on load, then says so. A link is single use, so it is sent exactly once. */
export default function VerifyEmailScreen() {
  const { id = '' } = useParams();
  const verify = useVerifyEmail();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === id) return;
    sent.current = id;
    verify.mutate(id);
  }, [id, verify.mutate]);

  const ok = verify.data?.success === true;
  const failed = verify.isError || verify.data?.success === false;
  return (
    <Stack maw={520} mx="auto" mt="lg">
      <Paper withBorder shadow="xs" p="xl">
        {ok ? (
          <Stack gap="sm">
            <Title order={1}>{Messages.emailVerified}</Title>
            <Text>{Messages.mayNowLogIn}</Text>
            <Anchor component={Link} to="/login">
              Go to Log In
            </Anchor>
          </Stack>
        ) : failed ? (
          <Stack gap="sm">
            <Title order={1}>E-mail Not Verified</Title>
            <Text role="alert">{verify.data?.error ?? AccountMessages.verifyLinkInvalid}</Text>
            <Anchor component={Link} to="/login">
              Go to Log In
            </Anchor>
          </Stack>
        ) : (
          <Stack gap="sm" align="center">
            <Title order={1}>Verify Email</Title>
            <Loader aria-hidden />
            <Text role="status">{AccountMessages.verifyingEmail}</Text>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
