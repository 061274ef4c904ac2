import { OpsBillActionAnswerSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

/** POST /api/ops/bills/{orderId}/retry: the card on file charged again now (docs/decisions/029). */
export const retryBill = ({ orderId }: { orderId: number }) =>
  post(`/api/ops/bills/${orderId}/retry`, {}, { schema: OpsBillActionAnswerSchema });

export function useRetryBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBill,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.bills }),
        queryClient.invalidateQueries({ queryKey: opsKeys.organizations }),
      ]),
  });
}
