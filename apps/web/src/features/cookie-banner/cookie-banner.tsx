import { Anchor, Button, Container, Group, Paper, Text, Transition } from '@mantine/core';
import { useEffect, useState } from 'react';
import { readCookie, writeCookie } from '../../lib/cookies';
import { useConfig } from '../config/api/get-config';

// Spec §4/§9: the dismissal is remembered in a cookie for 365 days; the banner slides in 1000 ms.
export const COOKIE_CONSENT_NAME = 'cookieconsent_status';
const CONSENT_DAYS = 365;
const SLIDE_MS = 1000;

export function CookieBanner() {
  const { privacyPolicyUrl } = useConfig();
  const [dismissed] = useState(() => readCookie(COOKIE_CONSENT_NAME) === 'dismiss');
  const [open, setOpen] = useState(false);

  // Mount closed, then open, so the banner slides in rather than appearing at once.
  useEffect(() => {
    if (!dismissed) setOpen(true);
  }, [dismissed]);

  const dismiss = () => {
    writeCookie(COOKIE_CONSENT_NAME, 'dismiss', CONSENT_DAYS);
    setOpen(false);
  };

  return (
    <Transition mounted={open} transition="slide-down" duration={SLIDE_MS} timingFunction="ease">
      {(styles) => (
        <Paper
          component="section"
          aria-label="Cookie notice"
          radius={0}
          bg="brand.9"
          c="white"
          py="xs"
          style={styles}
          data-testid="cookie-banner"
        >
          <Container size="lg">
            <Group justify="space-between" wrap="nowrap" gap="md">
              <Text size="sm">
                This website stores cookies to keep you signed in and to remember your preferences.{' '}
                <Anchor
                  href={privacyPolicyUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  c="white"
                  underline="always"
                >
                  Read our privacy policy
                </Anchor>
              </Text>
              <Button size="xs" variant="white" color="brand" onClick={dismiss}>
                Got it
              </Button>
            </Group>
          </Container>
        </Paper>
      )}
    </Transition>
  );
}
