import { Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PagedNav } from '../../../../components/paged-nav';
import { BILL_FILTERS, type BillFilter, useBills } from '../../../../features/ops/api/get-bills';
import { OpsBillsTable } from '../../../../features/ops/components/ops-bills-table';
import { pageParam } from '../../../../features/ops/paging';

const FILTER_LABELS: Record<BillFilter, string> = {
  'past-due': 'Past due',
  'open-invoices': 'Open invoices',
  all: 'All',
};

const filterOf = (raw: string | null): BillFilter => BILL_FILTERS.find((f) => f === raw) ?? 'past-due';

/** Bills across organizations: what is past due first, open invoices, or everything. */
export default function OpsBillsScreen() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const page = pageParam(params.get('page'));
  const bills = useBills(filter, page);
  const go = (f: BillFilter, p: number) => setParams({ filter: f, ...(p > 1 ? { page: String(p) } : {}) });
  return (
    <Stack gap="md">
      <Title order={2}>Bills</Title>
      <SegmentedControl
        aria-label="Show bills"
        value={filter}
        onChange={(f) => go(f as BillFilter, 1)}
        data={BILL_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
        w="fit-content"
      />
      {bills.isPending ? (
        <Loader aria-label="Loading bills" />
      ) : bills.data && bills.data.items.length === 0 ? (
        <Text c="dimmed">No bills to show.</Text>
      ) : bills.data ? (
        <>
          <OpsBillsTable bills={bills.data.items} label={`Bills: ${FILTER_LABELS[filter]}`} />
          <PagedNav
            label="Bills"
            page={bills.data.page}
            pageSize={bills.data.pageSize}
            total={bills.data.total}
            shown={bills.data.items.length}
            onChange={(p) => go(filter, p)}
          />
        </>
      ) : null}
    </Stack>
  );
}
