import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMediumDateTime } from '@store/core';
import { useDashboard } from '../../../../features/ops/api/get-dashboard';
import {
  DashboardHelp,
  DisputesCard,
  FailedPaymentsCard,
  MrrCard,
  ReceivablesCard,
  RenewalsCard,
} from '../../../../features/ops/components/dashboard-cards';

/**
 * The console's home (docs/decisions/028): the store's recurring revenue and how it moved this
 * month, and what needs the operator: failed payments, renewals ahead, money owed, open disputes.
 */
export default function OpsDashboardScreen() {
  const dashboard = useDashboard();
  return (
    <Stack gap="md">
      <Stack gap={0}>
        <Title order={2}>Dashboard</Title>
        {dashboard.data && (
          <Text size="sm" c="dimmed">
            As of {formatMediumDateTime(dashboard.data.asOf)}
          </Text>
        )}
      </Stack>
      {dashboard.isPending ? (
        <Loader aria-label="Loading the dashboard" />
      ) : dashboard.data ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ alignItems: 'start' }}>
            <MrrCard dashboard={dashboard.data} />
            <ReceivablesCard dashboard={dashboard.data} />
            <Stack gap="md">
              <FailedPaymentsCard dashboard={dashboard.data} />
              <RenewalsCard dashboard={dashboard.data} />
              <DisputesCard dashboard={dashboard.data} />
            </Stack>
          </SimpleGrid>
          <DashboardHelp />
        </>
      ) : null}
    </Stack>
  );
}
