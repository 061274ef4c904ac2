import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  billName,
  disputeReasonText,
  disputeStatusText,
  formatMediumDate,
  formatUsd,
  type OpsDispute,
  toCents,
} from '@store/core';
import { Link } from 'react-router';
import { CardList } from '../../../components/card-list';
import { usePhone } from '../../../lib/phone';
import { FramedTable } from './table-frame';

// Dark shades: white on Mantine's default filled colours is under 4.5:1 (WCAG AA).
function statusColour(d: OpsDispute): string {
  if (d.status === 'won') return 'teal.9';
  if (!d.open) return 'gray.7';
  if (d.status.endsWith('needs_response')) return 'red.9';
  return 'orange.9';
}

/** A dispute's status in Stripe's terms, said in words, in a coloured badge. */
export function DisputeStatusBadge({ dispute }: { dispute: OpsDispute }) {
  return (
    <Badge color={statusColour(dispute)} variant="filled" tt="none">
      {disputeStatusText(dispute.status)}
    </Badge>
  );
}

const organizationOf = (d: OpsDispute) =>
  d.organizationId !== null ? (
    <Anchor component={Link} to={`/ops/organizations/${d.organizationId}`}>
      {d.organizationName}
    </Anchor>
  ) : (
    '—'
  );

const billOf = (d: OpsDispute) =>
  d.orderId !== null ? (
    <Anchor component={Link} to={`/ops/bills/${d.orderId}`}>
      {billName({ orderId: d.orderId, invoiceNumber: d.invoiceNumber })}
    </Anchor>
  ) : (
    // A charge no bill of this store's paid: Stripe's id is all there is.
    d.chargeId
  );

const dueOf = (d: OpsDispute) => (d.evidenceDueBy ? formatMediumDate(d.evidenceDueBy) : '—');

/**
 * Disputes as the console lists them: when opened, the organization and bill (each opens its page;
 * the bill page leaves them out), the amount, reason, status and the gateway's evidence deadline. On
 * a phone each dispute is a card, its status and deadline read without scrolling sideways.
 */
export function DisputesTable({
  disputes,
  label,
  showBill = true,
}: {
  disputes: OpsDispute[];
  label: string;
  showBill?: boolean;
}) {
  const phone = usePhone();
  if (phone) {
    return (
      <CardList label={label}>
        {disputes.map((d) => (
          <Paper key={d.disputeId} component="li" withBorder radius="md" p="sm" data-dispute-id={d.disputeId}>
            <Stack gap={4}>
              <Group justify="space-between" gap="xs">
                <DisputeStatusBadge dispute={d} />
                <Text fw={600}>{formatUsd(toCents(d.amount))}</Text>
              </Group>
              <Text>{disputeReasonText(d.reason)}</Text>
              <Text size="sm">Evidence due by {dueOf(d)}</Text>
              <Text size="sm">Opened {formatMediumDate(d.openedAt)}</Text>
              {showBill && (
                <>
                  <Text size="sm">Organization: {organizationOf(d)}</Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    Bill: {billOf(d)}
                  </Text>
                </>
              )}
            </Stack>
          </Paper>
        ))}
      </CardList>
    );
  }
  return (
    <FramedTable
      label={label}
      minWidth={showBill ? 760 : 520}
      striped
      highlightOnHover
      heads={[
        'Opened',
        showBill && 'Organization',
        showBill && 'Bill',
        { name: 'Amount (USD)', numeric: true },
        'Reason',
        'Status',
        'Evidence due by',
      ]}
    >
      {disputes.map((d) => (
        <Table.Tr key={d.disputeId} data-dispute-id={d.disputeId}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMediumDate(d.openedAt)}</Table.Td>
          {showBill && <Table.Td>{organizationOf(d)}</Table.Td>}
          {showBill && <Table.Td style={{ whiteSpace: 'nowrap' }}>{billOf(d)}</Table.Td>}
          <Table.Td ta="right">{formatUsd(toCents(d.amount))}</Table.Td>
          <Table.Td>{disputeReasonText(d.reason)}</Table.Td>
          <Table.Td>
            <DisputeStatusBadge dispute={d} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{dueOf(d)}</Table.Td>
        </Table.Tr>
      ))}
    </FramedTable>
  );
}
