import { CloseButton, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { MainLinks } from './main-links';
import classes from './nav-bar.module.css';
import { SignInButton, userLinks } from './user-links';

/** The phone's drawer: the main links and the user's pages (a chunk of its own, see mobile-menu). */
export default function MenuDrawer({ onClose }: { onClose: () => void }) {
  const user = useCurrentUser();
  return (
    <Drawer.Root opened onClose={onClose} position="right" size="xs">
      <Drawer.Overlay />
      <Drawer.Content aria-label="Menu">
        <Drawer.Body pt="md">
          <Group justify="space-between" mb="sm">
            <Text fw={700}>Menu</Text>
            <CloseButton onClick={onClose} aria-label="Close menu" />
          </Group>
          <Stack component="nav" aria-label="Main" gap={4}>
            <MainLinks className={classes.drawerLink} />
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
  );
}
