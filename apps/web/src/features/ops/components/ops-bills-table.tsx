import { Anchor, Table } from '@mantine/core';
import { type BillSummary, billName, formatMediumDate, formatUsd, toCents } from '@store/core';
import { Link } from 'react-router';
import { BillStatusBadge } from './bill-status-badge';
import { TableFrame } from './table-frame';

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
    <TableFrame minWidth={showOrganization ? 620 : 480} label={`${label}, scrolls sideways`}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Bill</Table.Th>
            {showOrganization && <Table.Th scope="col">Organization</Table.Th>}
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Due</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Total (USD)
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
