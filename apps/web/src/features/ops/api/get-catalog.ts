import { OpsCatalogSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

export const getCatalog = (signal?: AbortSignal) =>
  get('/api/ops/catalog', { schema: OpsCatalogSchema, signal });

export function useCatalog() {
  return useQuery({ queryKey: opsKeys.catalog, queryFn: ({ signal }) => getCatalog(signal) });
}
