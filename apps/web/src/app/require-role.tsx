import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { hasRole, type Role, RoleMessages } from '@store/core';
import { Link, Outlet } from 'react-router';
import { AskAnAdmin } from '../features/organization-admins';
import { useCurrentUser } from '../lib/current-user';
import { usePageTitle } from './page-title';

/**
 * Screens of one role (docs/design.md §5a, docs/decisions/033): users are the admins', billing the
 * Billing role's, API & Webhooks the Developer role's. A person without the role who types the address
 * sees one page saying which role it needs, whom to ask, and the way back, rather than a form the
 * server would refuse.
 */
export function RequireRole({ needs, task }: { needs: Role; task: string }) {
  const user = useCurrentUser();
  if (!user || hasRole(user.person, needs)) return <Outlet />;
  return <RoleNeeded needs={needs} companyName={user.organization.companyName} task={task} />;
}

function RoleNeeded({ needs: role, companyName, task }: { needs: Role; companyName: string; task: string }) {
  usePageTitle(RoleMessages.neededTitle(role));
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="lg" data-testid="admin-only">
      <Stack gap="md">
        <Title order={1}>{RoleMessages.neededTitle(role)}</Title>
        <Text>{RoleMessages.needed(role, companyName, task)}</Text>
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
