import { OpsBillActionAnswerSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

/**
 * A payment of an unpaid bill received outside the card processor (a bank transfer, a cheque), card
 * bill or invoice: the reference says which payment (docs/decisions/029).
 */
export const markBillPaid = ({ orderId, reference }: { orderId: number; reference: string }) =>
  post(`/api/ops/bills/${orderId}/mark-paid`, { reference }, { schema: OpsBillActionAnswerSchema });

export function useMarkBillPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markBillPaid,
    // Settled either way: a refusal (another operator acted first) shows the bill as it is now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.bills }),
        queryClient.invalidateQueries({ queryKey: opsKeys.organizations }),
      ]),
  });
}
