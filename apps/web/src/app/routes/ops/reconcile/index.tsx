import { Anchor, Button, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMediumDate, formatMediumDateTime } from '@store/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useReconcile } from '../../../../features/ops/api/get-reconcile';
import { dayParam } from '../../../../features/ops/paging';

/**
 * The gateway's charges and refunds against the bills (docs/operator.md, "Checking the gateway against
 * the bills"), while the server runs: the command's comparison, each difference linked to its bill.
 */
export default function OpsReconcileScreen() {
  const [params, setParams] = useSearchParams();
  const since = dayParam(params.get('since'));
  const [typed, setTyped] = useState(since);
  const report = useReconcile(since);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed ? { since: typed } : {});
    if (typed === since) void report.refetch();
  };
  return (
    <Stack gap="md">
      <Title order={2}>Reconcile</Title>
      <Text c="dimmed">
        Compares the gateway's charges and refunds with the bills, as <code>npm run ops -- reconcile</code>{' '}
        does; docs/operator.md says what each difference means and what to do.
      </Text>
      <form onSubmit={submit} aria-label="Reconcile">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="Charges and bills since"
            description="Leave empty for everything"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            w={{ base: '100%', xs: 220 }}
          />
          <Button type="submit" loading={report.isFetching}>
            Check again
          </Button>
        </Group>
      </form>
      {report.isPending ? (
        <Loader aria-label="Comparing the gateway with the bills" />
      ) : report.data ? (
        <Stack gap="sm" aria-live="polite">
          <Text size="sm" c="dimmed">
            Checked {formatMediumDateTime(report.data.checkedAt)}
            {report.data.since ? `, charges and bills since ${formatMediumDate(report.data.since)}` : ''}.
          </Text>
          {report.data.differences.length === 0 ? (
            <Text fw={600} c="teal.9">
              The gateway and the bills agree.
            </Text>
          ) : (
            <Paper withBorder radius="md" p="md">
              <Text fw={600} c="red.9" mb="xs">
                {`${report.data.differences.length} difference${report.data.differences.length === 1 ? '' : 's'} between the gateway and the bills`}
              </Text>
              <List spacing="xs" aria-label="Differences">
                {report.data.differences.map((d) => (
                  <List.Item key={d.text}>
                    <Text component="span" style={{ overflowWrap: 'anywhere' }}>
                      {d.text}
                    </Text>{' '}
                    {d.orderId !== null && (
                      <Anchor component={Link} to={`/ops/bills/${d.orderId}`}>
                        Open {d.billName}
                      </Anchor>
                    )}
                  </List.Item>
                ))}
              </List>
            </Paper>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
