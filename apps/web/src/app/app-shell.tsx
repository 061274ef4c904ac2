import { Center, Container, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AlertBanner } from '../features/alert';
import { SessionSync } from '../features/auth';
import { CookieBanner } from '../features/cookie-banner';
import { NavBar } from '../features/nav';

/** The page around every screen; the operator console brings its own header instead of the shop's. */
export function AppShell({ header = <NavBar />, wide = false }: { header?: ReactNode; wide?: boolean }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SessionSync />
      <CookieBanner />
      {header}
      <AlertBanner />
      <Container component="main" id="main" tabIndex={-1} py="xl" size={wide ? 'xl' : undefined}>
        <Outlet />
      </Container>
    </>
  );
}

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}
