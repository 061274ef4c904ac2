import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { OpsBillPageSchema } from '../contract';
import { opsKeys } from './keys';

export const BILL_FILTERS = ['past-due', 'open-invoices', 'all'] as const;
export type BillFilter = (typeof BILL_FILTERS)[number];

export const getBills = (filter: BillFilter, page: number, signal?: AbortSignal) =>
  get(`/api/ops/bills?${new URLSearchParams({ filter, page: String(page) })}`, {
    schema: OpsBillPageSchema,
    signal,
  });

export function useBills(filter: BillFilter, page: number) {
  return useQuery({
    queryKey: [...opsKeys.bills, 'list', filter, page],
    queryFn: ({ signal }) => getBills(filter, page, signal),
    placeholderData: keepPreviousData,
  });
}
