import { SuccessSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { twoFactorStatusKey } from './get-two-factor-status';

export const disableTwoFactor = (code: string) =>
  post('/api/person/2fa/disable', { code }, { schema: SuccessSchema });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
      void queryClient.invalidateQueries({ queryKey: ['person'] });
    },
  });
}
