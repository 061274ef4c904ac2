import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { type Bill, billStatusText, formatShortDate, formatUsd, toCents } from '@store/core';
import { useDownloadInvoice } from '../api/download-invoice';

/** Spec §2 Billing History: Bill Date (MM-dd-yy), Status, Bill Total (USD) and an invoice button. */
export function BillHistoryTable({ bills }: { bills: Bill[] }) {
  const download = useDownloadInvoice();
  if (bills.length === 0) return <Text c="dimmed">There are no bills yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Bills">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Bill Date</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Bill Total (USD)
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Invoice</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bills.map((bill) => {
            const date = formatShortDate(bill.billingDate);
            return (
              <Table.Tr key={bill.orderId} data-order-id={bill.orderId}>
                <Table.Td>{date}</Table.Td>
                <Table.Td>{billStatusText(bill.status)}</Table.Td>
                <Table.Td ta="right">{formatUsd(toCents(bill.total))}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`invoice ${bill.orderId} of ${date}`}
                    loading={download.isPending && download.variables === bill.orderId}
                    onClick={() => download.mutate(bill.orderId)}
                  >
                    invoice
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
