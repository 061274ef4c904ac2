import type { OpsProductBody } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { invalidateCatalogs } from './invalidate-catalogs';

export const updateProduct = ({ productId, body }: { productId: number; body: OpsProductBody }) =>
  put(`/api/ops/products/${productId}`, body);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => invalidateCatalogs(queryClient) });
}
