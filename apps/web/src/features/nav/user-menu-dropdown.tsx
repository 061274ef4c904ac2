import { Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../lib/current-user';
import { UserButton } from './user-button';
import { userLinks } from './user-links';

/**
 * The user menu itself (Mantine's Menu, with its popover positioning): a chunk of its own that
 * user-menu loads on the first press of the name button, and then opens at once.
 */
export default function UserMenuDropdown({ user }: { user: CurrentUser }) {
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // This button replaced the one pressed: focus it first, so closing the menu returns focus here.
    target.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UserButton ref={target} person={user.person} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.organization.companyName}</Menu.Label>
        {userLinks(user).map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to}>
            {l.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* Spec §2: Logout goes to login, and visiting login logs out. */}
        <Menu.Item component={Link} to="/login">
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
