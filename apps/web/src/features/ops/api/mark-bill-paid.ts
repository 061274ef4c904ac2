import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

/** An open invoice paid offline (a bank transfer, a cheque): the reference says which payment. */
export const markBillPaid = ({ orderId, reference }: { orderId: number; reference: string }) =>
  post(`/api/ops/bills/${orderId}/mark-paid`, { reference });

export function useMarkBillPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markBillPaid,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.bills }),
        queryClient.invalidateQueries({ queryKey: opsKeys.organizations }),
      ]),
  });
}
