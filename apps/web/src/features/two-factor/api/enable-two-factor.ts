import { TwoFactorEnabledSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCurrentUser } from '../../../lib/current-user';
import { post } from '../../../lib/http';
import { twoFactorStatusKey } from './get-two-factor-status';

export const enableTwoFactor = (code: string) =>
  post('/api/person/2fa/enable', { code }, { schema: TwoFactorEnabledSchema });

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => {
      // The rest of the store opens once two-factor sign-in is set up (docs/design.md §4).
      updateCurrentUser({ twoFactorSetupRequired: false });
      void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
      void queryClient.invalidateQueries({ queryKey: ['person'] });
    },
  });
}
