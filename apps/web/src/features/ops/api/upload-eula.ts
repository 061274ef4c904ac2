import type { OpsEulaBody } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { opsKeys } from './keys';

export const uploadEula = ({ productId, body }: { productId: number; body: OpsEulaBody }) =>
  put(`/api/ops/products/${productId}/eula`, body);

export function useUploadEula() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEula,
    // The catalogue says which kind of EULA each product has; customers read the agreement itself.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.catalog }),
        queryClient.invalidateQueries({ queryKey: ['catalog', 'eula'] }),
      ]),
  });
}
