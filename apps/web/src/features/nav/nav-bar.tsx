import { Anchor, Badge, Box, Container, Group } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { useCartItemCount } from '../cart/cart-storage';
import { MainLinks } from './main-links';
import { MobileMenu } from './mobile-menu';
import classes from './nav-bar.module.css';
import { UserMenu } from './user-menu';

function CartLink() {
  const count = useCartItemCount();
  return (
    <NavLink to="/Cart" className={classes.link}>
      <Group gap={6} wrap="nowrap">
        <span>Shopping Cart</span>
        <Badge size="sm" variant={count > 0 ? 'filled' : 'light'} color="brand" circle={count < 10}>
          {count}
          <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
        </Badge>
      </Group>
    </NavLink>
  );
}

/** The header: brand, main links and the user menu; on a phone the links fold into a menu. */
export function NavBar() {
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xl" wrap="nowrap">
            <Anchor component={Link} to="/" className={classes.brand} underline="never">
              Subscription Store
            </Anchor>
            <Box component="nav" aria-label="Main" visibleFrom="sm">
              <Group gap="lg" wrap="nowrap">
                <MainLinks className={classes.link} />
                <CartLink />
              </Group>
            </Box>
          </Group>
          <Box visibleFrom="sm" style={{ flexShrink: 0 }}>
            <UserMenu />
          </Box>
          <Group hiddenFrom="sm" gap="xs" wrap="nowrap">
            <CartLink />
            <MobileMenu />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
