import { RefundAnswerSchema, type RefundRequest } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

export interface RefundBillInput {
  orderId: number;
  body: RefundRequest;
  /** One per refund the operator asks for: a resent request (a lost answer) refunds once. */
  idempotencyKey: string;
}

/** POST /api/ops/bills/{orderId}/refunds (docs/decisions/016). */
export const refundBill = ({ orderId, body, idempotencyKey }: RefundBillInput) =>
  post(`/api/ops/bills/${orderId}/refunds`, body, {
    schema: RefundAnswerSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useRefundBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundBill,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.bills }),
        queryClient.invalidateQueries({ queryKey: opsKeys.organizations }),
      ]),
  });
}
