import { Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatMediumDateTime } from '@store/core';
import { showAlert } from '../../../../features/alert';
import { useBillingRuns } from '../../../../features/ops/api/get-billing-runs';
import { useStartBillingRun } from '../../../../features/ops/api/start-billing-run';
import { FramedTable } from '../../../../features/ops/components/table-frame';

const COUNTS = ['renewed', 'charged', 'declined', 'deactivated', 'invoiced'] as const;
const COUNT_HEADS = COUNTS.map((c) => ({ name: c[0].toUpperCase() + c.slice(1), numeric: true }));

/** The billing engine's last runs and what each did; Run now starts one at once. */
export default function OpsBillingRunsScreen() {
  const runs = useBillingRuns();
  const start = useStartBillingRun();
  const runNow = () =>
    start.mutate(undefined, {
      onSuccess: (run) =>
        showAlert({
          type: run.error ? 'error' : 'success',
          text: run.error ? `The billing run failed: ${run.error}` : `Billing run ${run.runId} finished`,
        }),
    });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Billing runs</Title>
        <Button onClick={runNow} loading={start.isPending}>
          Run now
        </Button>
      </Group>
      {runs.isPending ? (
        <Loader aria-label="Loading billing runs" />
      ) : runs.data?.items.length === 0 ? (
        <Text c="dimmed">No billing runs yet.</Text>
      ) : (
        <FramedTable
          label="Billing runs"
          minWidth={720}
          striped
          verticalSpacing="xs"
          heads={['Started', 'Trigger', ...COUNT_HEADS, 'Outcome']}
        >
          {runs.data?.items.map((run) => (
            <Table.Tr key={run.runId} data-run-id={run.runId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMediumDateTime(run.startedAt)}</Table.Td>
              <Table.Td>{run.trigger === 'operator' ? 'Operator' : 'Schedule'}</Table.Td>
              {COUNTS.map((c) => (
                <Table.Td key={c} ta="right">
                  {run[c]}
                </Table.Td>
              ))}
              <Table.Td>
                {run.error ? (
                  <Badge color="red.9" title={run.error}>
                    Failed
                  </Badge>
                ) : run.finishedAt ? (
                  <Badge color="teal.9">Finished</Badge>
                ) : (
                  <Badge color="gray.7">Running</Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </FramedTable>
      )}
    </Stack>
  );
}
