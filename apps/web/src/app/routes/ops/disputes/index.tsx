import { Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { OpsDisputeTexts } from '@store/core';
import { useSearchParams } from 'react-router';
import { PagedNav } from '../../../../components/paged-nav';
import { DISPUTE_FILTERS, type DisputeFilter, useDisputes } from '../../../../features/ops/api/get-disputes';
import { DisputesTable } from '../../../../features/ops/components/disputes-table';
import { pageParam } from '../../../../features/ops/paging';

const FILTER_LABELS: Record<DisputeFilter, string> = { open: 'Open', closed: 'Closed', all: 'All' };
const NONE: Record<DisputeFilter, string> = {
  open: OpsDisputeTexts.noneOpen,
  closed: OpsDisputeTexts.noneClosed,
  all: OpsDisputeTexts.none,
};

const filterOf = (raw: string | null): DisputeFilter => DISPUTE_FILTERS.find((f) => f === raw) ?? 'open';

/**
 * Card disputes Stripe reported: open ones first by the evidence deadline, closed ones, or all. The
 * answer to a dispute is given in the Stripe dashboard; here the operator sees what needs one.
 */
export default function OpsDisputesScreen() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const page = pageParam(params.get('page'));
  const disputes = useDisputes(filter, page);
  const go = (f: DisputeFilter, p: number) => setParams({ filter: f, ...(p > 1 ? { page: String(p) } : {}) });
  return (
    <Stack gap="md">
      <Title order={2}>Disputes</Title>
      <SegmentedControl
        aria-label="Show disputes"
        value={filter}
        onChange={(f) => go(f as DisputeFilter, 1)}
        data={DISPUTE_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
        w="fit-content"
      />
      {disputes.isPending ? (
        <Loader aria-label="Loading disputes" />
      ) : disputes.data && disputes.data.items.length === 0 ? (
        <Text c="dimmed">{NONE[filter]}</Text>
      ) : disputes.data ? (
        <>
          <DisputesTable disputes={disputes.data.items} label={`Disputes: ${FILTER_LABELS[filter]}`} />
          <PagedNav
            label="Disputes"
            page={disputes.data.page}
            pageSize={disputes.data.pageSize}
            total={disputes.data.total}
            shown={disputes.data.items.length}
            onChange={(p) => go(filter, p)}
          />
        </>
      ) : null}
    </Stack>
  );
}
