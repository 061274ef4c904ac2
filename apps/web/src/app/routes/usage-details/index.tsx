import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatShortDate, Messages } from '@store/core';
import { Link, useParams } from 'react-router';
import { UsageChart, UsageTable, useFlexUsage } from '../../../features/usage';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

const backButton = (
  <Button component={Link} to="/Subscriptions" variant="default">
    Back to Subscriptions
  </Button>
);

/**
 * Flex usage details (spec §2): RTUs per host over 12 date ranges — the subscription's last 12 usage
 * cycles, the last one being the current cycle, which ends at the RTU cycle reset date.
 */
export default function UsageDetailsScreen() {
  const params = useParams();
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const usage = useFlexUsage(id);

  if (id === null) {
    return (
      <Stack gap="lg" align="flex-start">
        <Title order={1}>Detailed RTU Usage</Title>
        <Alert color="red" variant="light" role="alert">
          {Messages.noSubscriptionSelected}
        </Alert>
        {backButton}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <div>
          <Title order={1}>Detailed RTU Usage</Title>
          {usage.data && (
            <Text size="lg" c="dimmed" data-testid="usage-description">
              {usage.data.description}
            </Text>
          )}
        </div>
        {backButton}
      </Group>
      {usage.isPending ? (
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text>{Messages.gatheringUsageData}</Text>
        </Group>
      ) : usage.data ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure
              label="RTU cycle reset date"
              value={usage.data.refreshDate ? formatShortDate(usage.data.refreshDate) : '-'}
              testId="refresh-date"
            />
            <Figure
              label="Total RTUs this cycle"
              value={usage.data.totalPagesUsed.toLocaleString('en-US')}
              testId="total-rtus"
            />
            <Figure
              label="Unique machines this cycle"
              value={String(usage.data.numMachines)}
              testId="unique-machines"
            />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                RTUs per usage cycle
              </Title>
              <UsageChart usage={usage.data} />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                By host
              </Title>
              <Text size="sm" c="dimmed">
                Each column is one usage cycle; the last is the current one, which resets on the RTU cycle
                reset date.
              </Text>
              <UsageTable usage={usage.data} />
            </Stack>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
