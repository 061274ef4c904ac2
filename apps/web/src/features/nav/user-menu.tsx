import { Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { isAdmin, isOperator } from '@store/core';
import { Link } from 'react-router';
import { type CurrentUser, useCurrentUser } from '../../lib/current-user';
import classes from './nav-bar.module.css';

/**
 * The signed-in user's pages; Manage Users and billing information are the admins', the operator
 * console the operators' (DESIGN.md §2).
 */
export function userLinks(user: CurrentUser) {
  const admin = isAdmin(user.person);
  return [
    { to: `/Account/${user.person.personId}`, label: 'My Account' },
    ...(admin
      ? [
          { to: '/Organization', label: 'Manage Users' },
          { to: '/ModifyBillingInfo', label: 'Modify Billing Information' },
        ]
      : []),
    { to: '/BillingHistory', label: 'Billing History' },
    ...(isOperator(user.person) ? [{ to: '/ops', label: 'Operator console' }] : []),
  ];
}

export function SignInButton() {
  return (
    <Button component={Link} to="/login" variant="filled" color="brand" size="sm">
      Sign In
    </Button>
  );
}

export function UserMenu() {
  const user = useCurrentUser();
  if (!user) return <SignInButton />;
  const { person } = user;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} component="span">
              {person.firstName} {person.lastName}
            </Text>
            <span aria-hidden className={classes.chevron}>
              ▾
            </span>
          </Group>
        </UnstyledButton>
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
