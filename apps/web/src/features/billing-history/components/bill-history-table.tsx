import { Button, Stack, Table, Text } from '@mantine/core';
import {
  type Bill,
  billRowStatusText,
  billSubscriptionsText,
  formatShortDate,
  formatUsd,
  isBillPaid,
  isBillVoid,
  toCents,
} from '@store/core';
import { useState } from 'react';
import { CatalogLink } from '../../../components/catalog-link';
import { ColumnHeads } from '../../../components/column-heads';
import { PagedNav } from '../../../components/paged-nav';
import { loadScrollArea } from '../../../lib/lazy-scroll-area';
import { useDownloadCreditNote } from '../api/download-credit-note';
import { useDownloadInvoice } from '../api/download-invoice';

/**
 * Bills per page. The API answers the whole history (spec §7: GET /api/order/history takes no
 * parameters); an organization accrues a few bills a month, so the list stays small enough to fetch
 * whole, and the table pages it so the screen stays readable.
 */
export const BILLS_PER_PAGE = 50;

// The table scrolls on a phone, in Mantine's ScrollArea, which loads on demand (docs/decisions/020):
// fetched with this module, it is there before the bills are.
void loadScrollArea();

/**
 * Spec §2 Billing History: Bill Date (MM-dd-yy), Status, Bill Total (USD) and an invoice button. A
 * refund's credit note is a row of its own (docs/design.md §3): Status 'Credit Note', a negative total,
 * its button downloading credit_note_{number}.pdf.
 */
export function BillHistoryTable({ bills }: { bills: Bill[] }) {
  const invoice = useDownloadInvoice();
  const creditNote = useDownloadCreditNote();
  const [page, setPage] = useState(1);
  if (bills.length === 0)
    return (
      <Text c="dimmed">
        There are no bills yet. <CatalogLink /> to buy a subscription.
      </Text>
    );
  const pages = Math.ceil(bills.length / BILLS_PER_PAGE);
  const current = Math.min(page, pages);
  const first = (current - 1) * BILLS_PER_PAGE;
  const shown = bills.slice(first, first + BILLS_PER_PAGE);
  return (
    <Stack gap="md">
      {/* Four narrow columns fit a phone's width, the invoice button included: there the bill's
          subscription is a line under its date rather than a column of its own. */}
      <Table.ScrollContainer minWidth={320}>
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" aria-label="Bills">
          <ColumnHeads
            names={[
              'Bill Date',
              // Beside the spec's columns: what the bill is for.
              { name: 'Subscription', visibleFrom: 'sm' },
              'Status',
              { name: 'Bill Total (USD)', numeric: true },
            ]}
            actions="Invoice"
          />
          <Table.Tbody>
            {shown.map((bill) => {
              const date = formatShortDate(bill.billingDate);
              const note = bill.creditNoteNumber;
              const what = billSubscriptionsText(bill.subscriptionNames);
              const several =
                (bill.subscriptionNames?.length ?? 0) > 1 ? bill.subscriptionNames?.join(', ') : undefined;
              return (
                <Table.Tr
                  key={note ? `credit-note-${note}` : bill.orderId}
                  data-order-id={bill.orderId}
                  data-credit-note={note}
                >
                  <Table.Td>
                    <span style={{ whiteSpace: 'nowrap' }}>{date}</span>
                    <Text hiddenFrom="sm" size="xs" c="dimmed" title={several}>
                      {what}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }} title={several}>
                    {what}
                  </Table.Td>
                  <Table.Td>
                    {billRowStatusText(bill)}
                    {/* An invoice still owed says when it is due (its payment terms, docs/decisions/030). */}
                    {bill.dueDate && !isBillPaid(bill.status) && !isBillVoid(bill.status) && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        Due {formatShortDate(bill.dueDate)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatUsd(toCents(bill.total))}
                  </Table.Td>
                  <Table.Td ta="right">
                    {note ? (
                      <DocumentButton
                        name="credit note"
                        label={`credit note ${note} of ${date}`}
                        saving={creditNote.isSaving(note)}
                        onClick={() => creditNote.download(note)}
                      />
                    ) : (
                      <DocumentButton
                        name="invoice"
                        label={`invoice ${bill.orderId} of ${date}`}
                        saving={invoice.isSaving(bill.orderId)}
                        onClick={() => invoice.download(bill.orderId)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <PagedNav
          label="Bills"
          navLabel="Billing history pages"
          rangeTestId="bills-range"
          page={current}
          pageSize={BILLS_PER_PAGE}
          total={bills.length}
          shown={shown.length}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}

/** A row's document button, busy while its file is on the way. */
function DocumentButton(props: { name: string; label: string; saving: boolean; onClick: () => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={props.label}
      loading={props.saving}
      onClick={props.onClick}
    >
      {props.name}
    </Button>
  );
}
