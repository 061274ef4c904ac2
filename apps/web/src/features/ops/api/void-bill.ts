import { OpsBillActionAnswerSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

/** POST /api/ops/bills/{orderId}/void: never charged, nothing owed on it (docs/decisions/029). */
export const voidBill = ({ orderId, reason }: { orderId: number; reason: string }) =>
  post(`/api/ops/bills/${orderId}/void`, { reason }, { schema: OpsBillActionAnswerSchema });

export function useVoidBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidBill,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.bills }),
        queryClient.invalidateQueries({ queryKey: opsKeys.organizations }),
      ]),
  });
}
