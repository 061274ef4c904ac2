import { OpenBillListSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const openBillsQueryOptions = queryOptions({
  queryKey: ['order', 'open'],
  queryFn: ({ signal }) => get('/api/order/open', { schema: OpenBillListSchema, signal }),
});

/** GET /api/order/open: the organization's card bills still owed (the Pay Bills page). */
export function useOpenBills() {
  return useQuery(openBillsQueryOptions);
}
