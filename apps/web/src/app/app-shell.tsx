import { Center, Container, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { AlertBanner } from '../features/alert';
import { SessionSync } from '../features/auth';
import { CookieBanner } from '../features/cookie-banner';
import { NavBar } from '../features/nav';

export function AppShell() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SessionSync />
      <CookieBanner />
      <NavBar />
      <AlertBanner />
      <Container component="main" id="main" tabIndex={-1} py="xl">
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
