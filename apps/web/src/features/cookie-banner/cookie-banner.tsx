import { Anchor, Button, Container, Group, Paper, Text, Transition } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { readCookie, writeCookie } from '../../lib/cookies';
import { focusNextAfter } from '../../lib/focus';
import { useConfig } from '../config/api/get-config';
import classes from './cookie-banner.module.css';

// Spec §4/§9: the dismissal is remembered in a cookie for 365 days; the banner slides in 1000 ms.
export const COOKIE_CONSENT_NAME = 'cookieconsent_status';
const CONSENT_DAYS = 365;
const SLIDE_MS = 1000;

/** The product's own policy (a path) opens in the app; a policy elsewhere in a new tab. */
function PrivacyLink({ href }: { href: string }) {
  const text = 'Read our privacy policy';
  if (href.startsWith('/'))
    return (
      <Anchor component={Link} to={href} c="white" underline="always">
        {text}
      </Anchor>
    );
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" c="white" underline="always">
      {text}
    </Anchor>
  );
}

export function CookieBanner() {
  const { privacyPolicyUrl } = useConfig();
  // Open from the first render, so its place is kept before anything below it paints; it slides
  // in by its stylesheet's animation (cookie-banner.module.css), and out by the Transition.
  const [open, setOpen] = useState(() => readCookie(COOKIE_CONSENT_NAME) !== 'dismiss');
  const notice = useRef<HTMLElement>(null);

  const dismiss = () => {
    writeCookie(COOKIE_CONSENT_NAME, 'dismiss', CONSENT_DAYS);
    // The button is going: focus goes on to the next control, where Tab would have gone from it.
    if (notice.current?.contains(document.activeElement)) focusNextAfter(notice.current);
    setOpen(false);
  };

  return (
    <Transition mounted={open} transition="slide-down" duration={SLIDE_MS} timingFunction="ease">
      {(styles) => (
        <Paper
          component="section"
          ref={notice}
          aria-label="Cookie notice"
          radius={0}
          bg="brand.9"
          c="white"
          py="xs"
          className={classes.slideIn}
          style={styles}
          data-testid="cookie-banner"
        >
          <Container size="lg">
            {/* On a phone the button wraps below the text rather than being pushed off the screen. */}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" style={{ flex: '1 1 16rem' }}>
                This website stores cookies to keep you signed in and to remember your preferences.{' '}
                <PrivacyLink href={privacyPolicyUrl} />
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
