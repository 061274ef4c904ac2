import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Link, NavLink, useMatch } from 'react-router';
import { UserMenu } from '../../../features/nav';
import classes from './header.module.css';

const SECTIONS = [
  // The console's home: marked there only, not on every page below /ops.
  { to: '/ops', label: 'Dashboard', end: true },
  { to: '/ops/organizations', label: 'Organizations' },
  { to: '/ops/bills', label: 'Bills' },
  { to: '/ops/disputes', label: 'Disputes' },
  { to: '/ops/cancellations', label: 'Cancellation reasons' },
  { to: '/ops/reconcile', label: 'Reconcile' },
  { to: '/ops/billing-runs', label: 'Billing runs' },
  { to: '/ops/dunning', label: 'Dunning' },
  { to: '/ops/audit', label: 'Audit log' },
  { to: '/ops/catalog', label: 'Catalogue' },
  { to: '/ops/promotions', label: 'Promotion codes' },
] as const;

function SectionLink({ to, label, end = false }: { to: string; label: string; end?: boolean }) {
  // A section stays marked on its detail pages (/ops/bills/42 is under Bills).
  const active = useMatch({ path: to, end }) !== null;
  return (
    <Button component={NavLink} to={to} size="xs" variant={active ? 'filled' : 'subtle'} color="dark.9">
      {label}
    </Button>
  );
}

/**
 * The operator console's own header (docs/decisions/032): tinted, named as the console, with its
 * sections and the operator's menu; the shop's header and cart are not shown here.
 */
export default function OpsHeader() {
  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Anchor component={Link} to="/ops" className={classes.brand} c="dark.9" underline="never">
              Operator Console
            </Anchor>
            <Text size="xs" c="dark.6" visibleFrom="xs">
              Subscription Store
            </Text>
          </Group>
          <Box style={{ flexShrink: 0 }}>
            <UserMenu />
          </Box>
        </Group>
        <Group component="nav" aria-label="Operator console" gap={4} mt="xs">
          {SECTIONS.map((s) => (
            <SectionLink key={s.to} {...s} />
          ))}
        </Group>
      </Container>
    </Box>
  );
}
