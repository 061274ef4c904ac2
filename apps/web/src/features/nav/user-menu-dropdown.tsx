import { Menu } from '@mantine/core';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../lib/current-user';
import { arrowOpens, type FirstItem, UserButton } from './user-button';
import { userLinks } from './user-links';

/**
 * The user menu itself (Mantine's Menu, with its popover positioning): a chunk of its own that
 * user-menu loads on the first press of the name button, and then opens at once.
 *
 * It behaves as the WAI-ARIA APG's menu button: opening focuses an item (the first, or the last
 * after Up Arrow); Escape closes it and returns focus to the button; Tab closes it and moves on
 * from the button, as from any other control (no focus trap, and no invisible placeholder taking
 * the first focus). The dropdown stays in the header's landmark rather than in a portal.
 */
export default function UserMenuDropdown({ user, startOn }: { user: CurrentUser; startOn: FirstItem }) {
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const start = useRef(startOn);
  useEffect(() => {
    // This button replaced the one pressed: focus it first, so Shift+Tab and Escape come back here.
    target.current?.focus();
    setOpened(true);
  }, []);

  const focusStartItem = useCallback((dropdown: HTMLDivElement | null) => {
    const items = dropdown?.querySelectorAll<HTMLElement>('[data-menu-item]');
    if (!items?.length) return;
    (start.current === 'last' ? items[items.length - 1] : items[0])?.focus();
    start.current = 'first';
  }, []);

  const openByArrow = (event: KeyboardEvent) => {
    const which = arrowOpens(event.key);
    if (!which) return;
    event.preventDefault();
    start.current = which;
    setOpened(true);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab') setOpened(false);
    if (event.key === 'Escape') target.current?.focus();
  };

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal={false}
      trapFocus={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UserButton ref={target} person={user.person} onKeyDown={openByArrow} />
      </Menu.Target>
      <Menu.Dropdown ref={focusStartItem} onKeyDown={onMenuKey}>
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
