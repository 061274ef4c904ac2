import { Code, Table, Text } from '@mantine/core';
import { formatMediumDateTime, formatUsd, type OpsBillDetail, toCents } from '@store/core';
import { TableFrame } from './table-frame';

/** Every payment attempt of the bill with the gateway's reference, so a payment can be traced there. */
export function BillAttempts({ attempts }: { attempts: OpsBillDetail['attempts'] }) {
  if (attempts.length === 0) return <Text c="dimmed">No payment attempts.</Text>;
  return (
    <TableFrame minWidth={560} label="Payment attempts, scrolls sideways">
      <Table aria-label="Payment attempts" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount (USD)
            </Table.Th>
            <Table.Th scope="col">Gateway reference</Table.Th>
            <Table.Th scope="col">Decline code</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((a) => (
            <Table.Tr key={a.attemptId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMediumDateTime(a.createdAt)}</Table.Td>
              <Table.Td>{a.status}</Table.Td>
              <Table.Td ta="right">{formatUsd(toCents(a.amount))}</Table.Td>
              <Table.Td>{a.gatewayReference ? <Code>{a.gatewayReference}</Code> : '—'}</Table.Td>
              <Table.Td>{a.declineCode ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
