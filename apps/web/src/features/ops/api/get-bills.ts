import { OpsBillFilter, OpsBillListSchema } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

export const BILL_FILTERS = OpsBillFilter;
export type BillFilter = OpsBillFilter;

export const getBills = (filter: BillFilter, page: number, signal?: AbortSignal) =>
  get(`/api/ops/bills?${new URLSearchParams({ filter, page: String(page) })}`, {
    schema: OpsBillListSchema,
    signal,
  });

export function useBills(filter: BillFilter, page: number) {
  return useQuery({
    queryKey: [...opsKeys.bills, 'list', filter, page],
    queryFn: ({ signal }) => getBills(filter, page, signal),
    placeholderData: keepPreviousData,
  });
}
