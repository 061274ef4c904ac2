import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isAdmin } from '@store/core';
import { Link, Outlet } from 'react-router';
import { AskAnAdmin } from '../features/organization-admins';
import { useCurrentUser } from '../lib/current-user';
import { usePageTitle } from './page-title';

/**
 * Admin-only screens (docs/design.md §2: users and billing information are the admins'). A plain user who
 * types their address sees one page saying so, whom to ask, and the way back, rather than a form the
 * server would refuse.
 */
export function RequireAdmin({ task }: { task: string }) {
  const user = useCurrentUser();
  if (!user || isAdmin(user.person)) return <Outlet />;
  return <AdminOnly companyName={user.organization.companyName} task={task} />;
}

function AdminOnly({ companyName, task }: { companyName: string; task: string }) {
  usePageTitle('Administrators only');
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="lg" data-testid="admin-only">
      <Stack gap="md">
        <Title order={1}>Administrators only</Title>
        <Text>
          Only administrators of {companyName} can {task}.
        </Text>
        <AskAnAdmin />
        <Group>
          <Button component={Link} to="/Subscriptions">
            Back to Subscriptions
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
