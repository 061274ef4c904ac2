import { Burger, CloseButton, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useConfig } from '../config/api/get-config';
import classes from './nav-bar.module.css';
import { SiteLink } from './site-link';
import { SignInButton, userLinks } from './user-menu';

/** Below the sm breakpoint the nav and the user menu collapse into one drawer behind a menu button. */
export function MobileMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useCurrentUser();
  const { storeGuideUrl } = useConfig();
  const { key } = useLocation();
  // Whatever link was followed, the drawer closes once the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger
  useEffect(() => close(), [key]);
  return (
    <>
      <Burger opened={opened} onClick={toggle} aria-label="Menu" aria-expanded={opened} size="sm" />
      {/* Mounted only while open: a closed drawer leaves nothing outside the page's landmarks. */}
      {opened && (
        <Drawer.Root opened onClose={close} position="right" size="xs">
          <Drawer.Overlay />
          <Drawer.Content aria-label="Menu">
            <Drawer.Body pt="md">
              <Group justify="space-between" mb="sm">
                <Text fw={700}>Menu</Text>
                <CloseButton onClick={close} aria-label="Close menu" />
              </Group>
              <Stack component="nav" aria-label="Main" gap={4}>
                <NavLink to="/Subscriptions" className={classes.drawerLink}>
                  Subscriptions
                </NavLink>
                <SiteLink href={storeGuideUrl} className={classes.drawerLink}>
                  Store Guide
                </SiteLink>
                <NavLink to="/Cart" className={classes.drawerLink}>
                  Shopping Cart
                </NavLink>
                <Divider my="sm" />
                {user ? (
                  <>
                    <Text size="sm" c="dimmed" fw={600}>
                      {user.person.firstName} {user.person.lastName}, {user.organization.companyName}
                    </Text>
                    {userLinks(user).map((l) => (
                      <NavLink key={l.to} to={l.to} className={classes.drawerLink}>
                        {l.label}
                      </NavLink>
                    ))}
                    <NavLink to="/login" className={classes.drawerLink}>
                      Logout
                    </NavLink>
                  </>
                ) : (
                  <SignInButton />
                )}
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      )}
    </>
  );
}
