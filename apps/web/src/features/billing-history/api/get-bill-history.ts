import { BillSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { get } from '../../../lib/http';

export const billHistoryQueryOptions = queryOptions({
  queryKey: ['order', 'history'],
  queryFn: ({ signal }) => get('/api/order/history', { schema: z.array(BillSchema), signal }),
});

/** GET /api/order/history: the organization's bills, newest first (spec §7). */
export function useBillHistory() {
  return useQuery(billHistoryQueryOptions);
}
