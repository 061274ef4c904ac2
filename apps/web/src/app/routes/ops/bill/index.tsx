import { Anchor, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  billName,
  declineReasonText,
  formatMediumDate,
  formatMediumDateTime,
  formatUsd,
  toCents,
} from '@store/core';
import { Link, useParams } from 'react-router';
import { useBill } from '../../../../features/ops/api/get-bill';
import { useBillDisputes } from '../../../../features/ops/api/get-disputes';
import { BillActions } from '../../../../features/ops/components/bill-actions';
import { BillAttempts } from '../../../../features/ops/components/bill-attempts';
import { BillCollection } from '../../../../features/ops/components/bill-collection';
import { BillDisputes } from '../../../../features/ops/components/bill-disputes';
import { BillStatusBadge } from '../../../../features/ops/components/bill-status-badge';
import { ConsoleSection } from '../../../../features/ops/components/console-section';
import { FramedTable } from '../../../../features/ops/components/table-frame';
import { usePageTitle } from '../../../page-title';

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{value}</Text>
    </Stack>
  );
}

/**
 * One bill: its lines, its payment attempts with gateway references, why its last charge failed and
 * when the next is due, and what the operator may do to collect it or refund it.
 */
export default function OpsBillScreen() {
  const orderId = Number(useParams().orderId);
  const detail = useBill(orderId);
  const disputes = useBillDisputes(orderId);
  usePageTitle(detail.data ? billName(detail.data.bill) : undefined);
  if (!detail.data) return detail.isPending ? <Loader aria-label="Loading the bill" /> : null;
  const { bill, attempts } = detail.data;
  return (
    <Stack gap="md">
      <Title order={2}>{billName(bill)}</Title>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Fact
          label="Organization"
          value={
            <Anchor component={Link} to={`/ops/organizations/${bill.organizationId}`}>
              {bill.organizationName}
            </Anchor>
          }
        />
        <Fact label="Status" value={<BillStatusBadge status={bill.status} />} />
        <Fact label="Total (USD)" value={formatUsd(toCents(bill.total))} />
        <Fact label="Bill date" value={formatMediumDate(bill.billDate)} />
        <Fact label="Due" value={bill.dueDate ? formatMediumDate(bill.dueDate) : '—'} />
        {bill.nextRetry && <Fact label="Next retry" value={formatMediumDateTime(bill.nextRetry)} />}
        {bill.card && Object.values(bill.actions).some(Boolean) && (
          <Fact label="Card on file" value={bill.card} />
        )}
      </SimpleGrid>
      {bill.declineReason && bill.status !== 'Paid' && (
        <Fact label="Decline reason" value={declineReasonText(bill.declineReason)} />
      )}
      {bill.paymentReference && <Fact label="Payment reference" value={bill.paymentReference} />}
      {bill.closedReason && (
        <Fact label={bill.status === 'Void' ? 'Why void' : 'Why written off'} value={bill.closedReason} />
      )}
      <ConsoleSection headingId="lines-heading" title="Lines" gap="xs">
        <FramedTable
          label="Lines"
          labelledBy="lines-heading"
          minWidth={360}
          heads={['Description', { name: 'Amount (USD)', numeric: true }]}
        >
          {bill.lines.map((line, i) => (
            // Lines have no id of their own on the wire; their order is the bill's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={i}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{formatUsd(toCents(line.amount))}</Table.Td>
            </Table.Tr>
          ))}
        </FramedTable>
      </ConsoleSection>
      <ConsoleSection headingId="attempts-heading" title="Payment attempts" gap="xs">
        <BillAttempts attempts={attempts} />
      </ConsoleSection>
      <BillCollection key={orderId} detail={detail.data} />
      {disputes.data && <BillDisputes disputes={disputes.data.items} />}
      {/* Refunds wait for the bill's disputes: a disputed charge is offered none (docs/decisions/028). */}
      {disputes.data && <BillActions detail={detail.data} disputes={disputes.data.items} />}
    </Stack>
  );
}
