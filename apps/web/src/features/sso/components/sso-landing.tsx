import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { isOperator, type Person, SSO_REFUSALS, SsoMessages, type SsoRefusal } from '@store/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { signInWith } from '../../../lib/current-user';
import { errorMessageFrom, HttpError } from '../../../lib/http';
import { exchangeSsoTicket } from '../api/exchange-sso-ticket';

const refusalText = (code: string | null) =>
  SSO_REFUSALS.includes(code as SsoRefusal)
    ? SsoMessages.refusals[code as SsoRefusal]
    : SsoMessages.refusals['provider-refused'];

/**
 * Where single sign-on lands (docs/decisions/036): the one-time ticket in the fragment (never sent
 * to a server by the browser, never in a log) is traded once for the session, as sign-in's answer;
 * a refusal arrives as ?error=<code> and is told in the person's words.
 */
export function SsoLanding({ onLoggedIn }: { onLoggedIn: (person: Person) => void }) {
  const [failure, setFailure] = useState<string | null>(() => {
    const error = new URLSearchParams(window.location.search).get('error');
    return error ? refusalText(error) : null;
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || failure) return;
    started.current = true;
    const ticket = new URLSearchParams(window.location.hash.slice(1)).get('ticket');
    // The ticket leaves the address bar at once: it is single use, and history should not keep it.
    window.history.replaceState(null, '', window.location.pathname);
    if (!ticket) {
      setFailure(SsoMessages.ticketInvalid);
      return;
    }
    exchangeSsoTicket(ticket).then(
      (response) => {
        const person = signInWith(response);
        if (person) onLoggedIn(person);
        else setFailure(SsoMessages.ticketInvalid);
      },
      (error: unknown) =>
        setFailure(
          error instanceof HttpError
            ? errorMessageFrom(error.body, SsoMessages.ticketInvalid)
            : SsoMessages.ticketInvalid,
        ),
    );
  }, [failure, onLoggedIn]);

  if (failure) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
        <Anchor component={Link} to="/login">
          {SsoMessages.backToSignIn}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="center" role="status">
      <Loader size="sm" />
      <Text>{SsoMessages.signingIn}</Text>
    </Stack>
  );
}

export const ssoLanding = (person: Person) => (isOperator(person) ? '/ops' : '/Subscriptions');
