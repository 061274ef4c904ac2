import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, put } from '../../../lib/http';
import type { OpsProductBody } from '../contract';
import { opsKeys } from './keys';

/** POST /api/ops/products for a new product, PUT /api/ops/products/:productId for an existing one. */
export const saveProduct = ({ productId, body }: { productId: number | null; body: OpsProductBody }) =>
  productId === null ? post('/api/ops/products', body) : put(`/api/ops/products/${productId}`, body);

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    // The customers' catalogue reads the same products.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.catalog }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  });
}
