import { OpsBillDetailSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

export const getBill = (orderId: number, signal?: AbortSignal) =>
  get(`/api/ops/bills/${orderId}`, { schema: OpsBillDetailSchema, signal });

export function useBill(orderId: number) {
  return useQuery({ queryKey: opsKeys.bill(orderId), queryFn: ({ signal }) => getBill(orderId, signal) });
}
