import { Anchor, Badge, Table } from '@mantine/core';
import {
  disputeReasonText,
  disputeStatusText,
  formatMediumDate,
  formatUsd,
  type OpsDispute,
  toCents,
} from '@store/core';
import { Link } from 'react-router';
import { TableFrame } from './table-frame';

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

/**
 * Disputes as the console lists them: when opened, the organization and bill (each opens its page;
 * the bill page leaves them out), the amount, reason, status and the gateway's evidence deadline.
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
  return (
    <TableFrame minWidth={showBill ? 760 : 520} label={`${label}, scrolls sideways`}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Opened</Table.Th>
            {showBill && <Table.Th scope="col">Organization</Table.Th>}
            {showBill && <Table.Th scope="col">Bill</Table.Th>}
            <Table.Th scope="col" ta="right">
              Amount (USD)
            </Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Evidence due by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {disputes.map((d) => (
            <Table.Tr key={d.disputeId} data-dispute-id={d.disputeId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMediumDate(d.openedAt)}</Table.Td>
              {showBill && (
                <Table.Td>
                  {d.organizationId !== null ? (
                    <Anchor component={Link} to={`/ops/organizations/${d.organizationId}`}>
                      {d.organizationName}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              )}
              {showBill && (
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {d.orderId !== null ? (
                    <Anchor component={Link} to={`/ops/bills/${d.orderId}`}>
                      {d.invoiceNumber ?? `Order ${d.orderId}`}
                    </Anchor>
                  ) : (
                    // A charge no bill of this store's paid: Stripe's id is all there is.
                    d.chargeId
                  )}
                </Table.Td>
              )}
              <Table.Td ta="right">{formatUsd(toCents(d.amount))}</Table.Td>
              <Table.Td>{disputeReasonText(d.reason)}</Table.Td>
              <Table.Td>
                <DisputeStatusBadge dispute={d} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {d.evidenceDueBy ? formatMediumDate(d.evidenceDueBy) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
