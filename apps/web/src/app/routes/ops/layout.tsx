// The console's screens use inputs, dialogs and tables: every one of Mantine's lazily loaded style
// groups (docs/decisions/020), loaded with the layout every console screen renders in.
import { Button, Group, Stack, Title } from '@mantine/core';
import { loadZodEnglishMessages } from '@store/core';
import { NavLink, Outlet, useMatch } from 'react-router';

// The console's forms keep zod's English where a field's schema sets no message (a plan's
// overagePerRtu); the customer's screens set every message and load no locale.
loadZodEnglishMessages();

const SECTIONS = [
  // The console's home: marked there only, not on every page below /ops.
  { to: '/ops', label: 'Dashboard', end: true },
  { to: '/ops/organizations', label: 'Organizations' },
  { to: '/ops/catalog', label: 'Catalogue' },
  { to: '/ops/bills', label: 'Bills' },
  { to: '/ops/disputes', label: 'Disputes' },
  { to: '/ops/billing-runs', label: 'Billing runs' },
] as const;

function SectionLink({ to, label, end = false }: { to: string; label: string; end?: boolean }) {
  // A section stays marked on its detail pages (/ops/bills/42 is under Bills).
  const active = useMatch({ path: to, end }) !== null;
  return (
    <Button component={NavLink} to={to} size="xs" variant={active ? 'filled' : 'light'}>
      {label}
    </Button>
  );
}

/** The store operator's console (docs/design.md §2): its sections, then the section's screen. */
export default function OpsLayout() {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h3" c="dimmed">
          Operator console
        </Title>
        <Group component="nav" aria-label="Operator console" gap="xs">
          {SECTIONS.map((s) => (
            <SectionLink key={s.to} {...s} />
          ))}
        </Group>
      </Stack>
      <Outlet />
    </Stack>
  );
}
