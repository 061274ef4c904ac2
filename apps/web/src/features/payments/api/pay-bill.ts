import { type PaymentAuthentication, type PaymentResult, PaymentResultSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** POST /api/order/{orderId}/pay: the card on file, the customer present. */
export const payBill = (orderId: number) =>
  post(`/api/order/${orderId}/pay`, {}, { schema: PaymentResultSchema });

/**
 * Pays one bill; when the bank asks, `authenticate` shows its challenge and tells the server once it
 * has ended (use-payment-authentication.tsx). Refusals reach the alert banner as any failed call.
 */
export function usePayBill(authenticate: (auth: PaymentAuthentication) => Promise<PaymentResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number) => {
      const result = await payBill(orderId);
      return result.authentication ? await authenticate(result.authentication) : result;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['order'] });
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    },
  });
}
