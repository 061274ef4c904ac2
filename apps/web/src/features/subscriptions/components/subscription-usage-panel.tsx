import { Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import {
  annualRtus,
  formatRatePerRtu,
  formatUsd,
  isUsageMetered,
  overagePerRtuMicrosOf,
  type SubscriptionDetail,
} from '@store/core';
import { Link } from 'react-router';
import { UsageMeter } from './usage-meter';

/** The detail row's usage figures this month (spec §2) and the way to the detailed usage. */
export function SubscriptionUsagePanel({
  subscription: s,
  accruedCents,
  showUsageButton,
}: {
  subscription: SubscriptionDetail;
  accruedCents: number;
  showUsageButton: boolean;
}) {
  // Pro engines are licensed per machine: their RTUs are counted, but nothing is included or billed by use.
  const usageBilled = isUsageMetered(s.plan);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Usage this month
        </Title>
        <UsageMeter subscription={s} />
        <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label="Usage figures">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>RTUs used</Table.Td>
              <Table.Td ta="right">{s.accruedRtusThisMonth.toLocaleString('en-US')}</Table.Td>
            </Table.Tr>
            {usageBilled && (
              <>
                <Table.Tr>
                  <Table.Td>
                    {s.annualUsageReset ? 'RTUs included per year' : 'RTUs included per month'}
                  </Table.Td>
                  <Table.Td ta="right">
                    {(s.annualUsageReset ? annualRtus(s.plan.baseRtus) : s.plan.baseRtus).toLocaleString(
                      'en-US',
                    )}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Overage per additional RTU</Table.Td>
                  <Table.Td ta="right">
                    {formatRatePerRtu(overagePerRtuMicrosOf(s.plan.overagePerRtu))}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Overage accrued</Table.Td>
                  <Table.Td ta="right" data-testid="overage-accrued">
                    {formatUsd(accruedCents)}
                  </Table.Td>
                </Table.Tr>
              </>
            )}
          </Table.Tbody>
        </Table>
        {showUsageButton && (
          <Group justify="flex-end">
            <Button component={Link} to={`/SubscriptionUsageDetails/${s.subscriptionId}`} variant="light">
              Detailed RTU Usage
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
