import { Loader, Stack, Text } from '@mantine/core';
import { PagedNav } from '../../../components/paged-nav';
import { type BillsView, useBills } from '../api/get-bills';
import { OpsBillsTable } from './ops-bills-table';

/** One page of the bills a view lists, with the page links (the Bills screen, an organization's bills). */
export function PagedBills({
  view,
  page,
  onPage,
  label,
  showOrganization = true,
}: {
  view: BillsView;
  page: number;
  onPage: (page: number) => void;
  label: string;
  showOrganization?: boolean;
}) {
  const bills = useBills(view, page);
  if (bills.isPending) return <Loader aria-label="Loading bills" />;
  if (!bills.data) return null;
  if (bills.data.items.length === 0) return <Text c="dimmed">No bills to show.</Text>;
  return (
    <Stack gap="sm">
      <OpsBillsTable bills={bills.data.items} label={label} showOrganization={showOrganization} />
      <PagedNav
        label="Bills"
        navLabel={`${label} pages`}
        page={bills.data.page}
        pageSize={bills.data.pageSize}
        total={bills.data.total}
        shown={bills.data.items.length}
        onChange={onPage}
      />
    </Stack>
  );
}
