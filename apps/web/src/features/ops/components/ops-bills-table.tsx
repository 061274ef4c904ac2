import { Anchor, Table } from '@mantine/core';
import { type BillSummary, billName, formatMediumDate, formatUsd, toCents } from '@store/core';
import { Link } from 'react-router';
import { BillStatusBadge } from './bill-status-badge';
import { FramedTable } from './table-frame';

/** Bills as the console lists them; each opens the bill's page. */
export function OpsBillsTable({
  bills,
  label,
  showOrganization = true,
}: {
  bills: BillSummary[];
  label: string;
  showOrganization?: boolean;
}) {
  return (
    <FramedTable
      label={label}
      minWidth={showOrganization ? 620 : 480}
      striped
      highlightOnHover
      heads={[
        'Bill',
        showOrganization && 'Organization',
        'Date',
        'Due',
        'Status',
        { name: 'Total (USD)', numeric: true },
      ]}
    >
      {bills.map((b) => (
        <Table.Tr key={b.orderId}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Anchor component={Link} to={`/ops/bills/${b.orderId}`}>
              {billName(b)}
            </Anchor>
          </Table.Td>
          {showOrganization && (
            <Table.Td>
              <Anchor component={Link} to={`/ops/organizations/${b.organizationId}`}>
                {b.organizationName}
              </Anchor>
            </Table.Td>
          )}
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMediumDate(b.billDate)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {b.dueDate ? formatMediumDate(b.dueDate) : '—'}
          </Table.Td>
          <Table.Td>
            <BillStatusBadge status={b.status} />
          </Table.Td>
          <Table.Td ta="right">{formatUsd(toCents(b.total))}</Table.Td>
        </Table.Tr>
      ))}
    </FramedTable>
  );
}
