import type { OpsProductBody } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { invalidateCatalogs } from './invalidate-catalogs';

export const createProduct = (body: OpsProductBody) => post('/api/ops/products', body);

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => invalidateCatalogs(queryClient) });
}
