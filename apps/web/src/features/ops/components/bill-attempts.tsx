import { Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { declineReasonText, formatMediumDateTime, formatUsd, type OpsBillDetail, toCents } from '@store/core';
import { CardList } from '../../../components/card-list';
import { CopyValueButton } from '../../../components/copy-value-button';
import { usePhone } from '../../../lib/phone';
import { FramedTable } from './table-frame';

type Attempt = OpsBillDetail['attempts'][number];
const messageOf = (a: Attempt) => (a.declineCode ? declineReasonText(a.declineCode) : '—');
/** The whole reference, never cut, with a button that copies it to look it up at the gateway. */
const reference = (a: Attempt) =>
  a.gatewayReference ? (
    <Group gap={4} wrap="nowrap" align="center">
      <Code style={{ wordBreak: 'break-all' }}>{a.gatewayReference}</Code>
      <CopyValueButton value={a.gatewayReference} label={`Copy gateway reference ${a.gatewayReference}`} />
    </Group>
  ) : (
    '—'
  );

/**
 * Every payment attempt of the bill, oldest first: when, its outcome, the card processor's message for
 * a decline, and the gateway's reference (its charge or PaymentIntent id), so it can be traced there.
 * On a phone each attempt is a card, so the decline's words are read without scrolling sideways.
 */
export function BillAttempts({ attempts }: { attempts: OpsBillDetail['attempts'] }) {
  const phone = usePhone();
  if (attempts.length === 0) return <Text c="dimmed">No payment attempts.</Text>;
  if (phone) {
    return (
      <CardList label="Payment attempts">
        {attempts.map((a) => (
          <Paper key={a.attemptId} component="li" withBorder radius="md" p="sm">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{formatMediumDateTime(a.createdAt)}</Text>
                <Text>{formatUsd(toCents(a.amount))}</Text>
              </Group>
              <Text>{a.status}</Text>
              {a.declineCode && <Text>{messageOf(a)}</Text>}
              <Text size="sm" component="div">
                Gateway reference
              </Text>
              {reference(a)}
            </Stack>
          </Paper>
        ))}
      </CardList>
    );
  }
  return (
    <FramedTable
      label="Payment attempts"
      minWidth={720}
      verticalSpacing="xs"
      heads={[
        'When',
        'Status',
        { name: 'Amount (USD)', numeric: true },
        'Gateway reference',
        'Decline message',
      ]}
    >
      {attempts.map((a) => (
        <Table.Tr key={a.attemptId}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMediumDateTime(a.createdAt)}</Table.Td>
          <Table.Td>{a.status}</Table.Td>
          <Table.Td ta="right">{formatUsd(toCents(a.amount))}</Table.Td>
          <Table.Td>{reference(a)}</Table.Td>
          <Table.Td>{messageOf(a)}</Table.Td>
        </Table.Tr>
      ))}
    </FramedTable>
  );
}
