import { SegmentedControl, Select, Stack, Title } from '@mantine/core';
import { OPS_BILL_STATUS_LABELS, type OpsBillStatusFilter } from '@store/core';
import { useSearchParams } from 'react-router';
import { useExportBills } from '../../../../features/ops/api/export-bills';
import {
  BILL_FILTERS,
  type BillFilter,
  type BillsView,
  billsQuery,
} from '../../../../features/ops/api/get-bills';
import { ListFilters } from '../../../../features/ops/components/list-filters';
import { PagedBills } from '../../../../features/ops/components/paged-bills';
import { dayParam, idParam, pageParam } from '../../../../features/ops/paging';

const FILTER_LABELS: Record<BillFilter, string> = {
  'past-due': 'Past due',
  'open-invoices': 'Open invoices',
  all: 'All',
};

const statusOptions = Object.entries(OPS_BILL_STATUS_LABELS).map(([value, label]) => ({ value, label }));

function viewOf(params: URLSearchParams): BillsView {
  const status = params.get('status');
  return {
    filter: BILL_FILTERS.find((f) => f === params.get('filter')) ?? 'past-due',
    organizationId: idParam(params.get('organizationId')),
    status: status && status in OPS_BILL_STATUS_LABELS ? (status as OpsBillStatusFilter) : null,
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
  };
}

/**
 * Bills across organizations: what is past due first, open invoices, or everything; narrowed to an
 * organization, a status or bill dates, a page at a time, and exported as CSV with the same filters.
 */
export default function OpsBillsScreen() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const page = pageParam(params.get('page'));
  const exported = useExportBills(view);
  const go = (next: BillsView, p = 1) => {
    const q = billsQuery(next);
    if (p > 1) q.set('page', String(p));
    setParams(q);
  };
  const set = (patch: Partial<BillsView>) => go({ ...view, ...patch });
  return (
    <Stack gap="md">
      <Title order={2}>Bills</Title>
      <SegmentedControl
        aria-label="Show bills"
        value={view.filter}
        onChange={(f) => set({ filter: f as BillFilter })}
        data={BILL_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
        w="fit-content"
      />
      <ListFilters
        label="Filter bills"
        organizationId={view.organizationId}
        from={view.from}
        to={view.to}
        onChange={set}
        onClear={() => setParams({ filter: view.filter })}
        exported={exported}
      >
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={view.status}
          onChange={(v) => set({ status: (v as OpsBillStatusFilter | null) ?? null })}
          clearable
          w={{ base: '100%', xs: 170 }}
        />
      </ListFilters>
      <PagedBills
        view={view}
        page={page}
        onPage={(p) => go(view, p)}
        label={`Bills: ${FILTER_LABELS[view.filter]}`}
      />
    </Stack>
  );
}
