import { TwoFactorPolicySchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { twoFactorPolicyKey } from './get-two-factor-policy';

export const setTwoFactorPolicy = (adminsRequired: boolean) =>
  put('/api/organization/two-factor-policy', { adminsRequired }, { schema: TwoFactorPolicySchema });

export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTwoFactorPolicy,
    onSuccess: (policy) => queryClient.setQueryData(twoFactorPolicyKey, policy),
  });
}
