import { OpsBillActionAnswerSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

/** POST /api/ops/bills/{orderId}/write-off: uncollectible, never charged again (docs/decisions/029). */
export const writeOffBill = ({ orderId, reason }: { orderId: number; reason: string }) =>
  post(`/api/ops/bills/${orderId}/write-off`, { reason }, { schema: OpsBillActionAnswerSchema });

export function useWriteOffBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeOffBill,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.bills }),
        queryClient.invalidateQueries({ queryKey: opsKeys.organizations }),
      ]),
  });
}
