import { ProductListSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const productsQueryOptions = queryOptions({
  queryKey: ['catalog', 'products'],
  queryFn: ({ signal }) => get('/api/product/all', { schema: ProductListSchema, signal }),
  staleTime: 5 * 60_000,
});

export function useProducts() {
  return useQuery(productsQueryOptions);
}
