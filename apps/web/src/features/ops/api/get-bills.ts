import { OpsBillFilter, OpsBillListSchema, type OpsBillStatusFilter } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

export const BILL_FILTERS = OpsBillFilter;
export type BillFilter = OpsBillFilter;

/** What the Bills list shows; kept in the address, so Back and a shared link return to it. */
export interface BillsView {
  filter: BillFilter;
  organizationId: number | null;
  status: OpsBillStatusFilter | null;
  from: string;
  to: string;
}

/** The query of a view (without its page): the list and its CSV export ask with the same. */
export function billsQuery(view: BillsView): URLSearchParams {
  const q = new URLSearchParams({ filter: view.filter });
  if (view.organizationId !== null) q.set('organizationId', String(view.organizationId));
  if (view.status) q.set('status', view.status);
  if (view.from) q.set('from', view.from);
  if (view.to) q.set('to', view.to);
  return q;
}

export const getBills = (view: BillsView, page: number, signal?: AbortSignal) => {
  const q = billsQuery(view);
  q.set('page', String(page));
  return get(`/api/ops/bills?${q}`, { schema: OpsBillListSchema, signal });
};

export function useBills(view: BillsView, page: number) {
  return useQuery({
    queryKey: [...opsKeys.bills, 'list', view, page],
    queryFn: ({ signal }) => getBills(view, page, signal),
    placeholderData: keepPreviousData,
  });
}
