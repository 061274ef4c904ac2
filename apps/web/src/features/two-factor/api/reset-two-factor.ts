import { SuccessSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** An admin resets a user's second factor; the user sets it up again at next sign-in. */
export const resetTwoFactor = (personId: number) =>
  post(`/api/person/${personId}/2fa/reset`, {}, { schema: SuccessSchema });

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: (_answer, personId) => {
      void queryClient.invalidateQueries({ queryKey: ['person', 'one', personId] });
    },
  });
}
