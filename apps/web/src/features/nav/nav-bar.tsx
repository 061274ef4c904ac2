import { Anchor, Badge, Box, Button, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { isAdmin } from '@store/core';
import { Link, NavLink } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useCartItemCount } from '../cart/cart-storage';
import { useConfig } from '../config/api/get-config';
import classes from './nav-bar.module.css';

function CartLink() {
  const count = useCartItemCount();
  return (
    <NavLink to="/Cart" className={classes.link}>
      <Group gap={6} wrap="nowrap">
        <span>Shopping Cart</span>
        <Badge size="sm" variant={count > 0 ? 'filled' : 'light'} color="brand" circle={count < 10}>
          {count}
          <span className={classes.visuallyHidden}> {count === 1 ? 'item' : 'items'}</span>
        </Badge>
      </Group>
    </NavLink>
  );
}

function UserMenu() {
  const user = useCurrentUser();
  if (!user) {
    return (
      <Button component={Link} to="/login" variant="filled" color="brand" size="sm">
        Sign In
      </Button>
    );
  }
  const { person } = user;
  const admin = isAdmin(person);
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
        <Menu.Item component={Link} to={`/Account/${person.personId}`}>
          My Account
        </Menu.Item>
        {admin && (
          <Menu.Item component={Link} to="/Organization">
            Manage Users
          </Menu.Item>
        )}
        {admin && (
          <Menu.Item component={Link} to="/ModifyBillingInfo">
            Modify Billing Information
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/BillingHistory">
          Billing History
        </Menu.Item>
        <Menu.Divider />
        {/* Spec §2: Logout goes to login, and visiting login logs out. */}
        <Menu.Item component={Link} to="/login">
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function NavBar() {
  const { storeGuideUrl } = useConfig();
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xl" wrap="wrap" style={{ rowGap: 4 }}>
            <Anchor component={Link} to="/Subscriptions" className={classes.brand} underline="never">
              Subscription Store
            </Anchor>
            <Box component="nav" aria-label="Main">
              <Group gap="lg" wrap="wrap" style={{ rowGap: 0 }}>
                <NavLink to="/Subscriptions" className={classes.link}>
                  Subscriptions
                </NavLink>
                <a href={storeGuideUrl} target="_blank" rel="noopener noreferrer" className={classes.link}>
                  Store Guide
                  <span className={classes.visuallyHidden}> (opens in a new tab)</span>
                </a>
                <CartLink />
              </Group>
            </Box>
          </Group>
          <Box style={{ flexShrink: 0 }}>
            <UserMenu />
          </Box>
        </Group>
      </Container>
    </Box>
  );
}
