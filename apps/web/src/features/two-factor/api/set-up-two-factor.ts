import { TwoFactorSetupSchema } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** A new secret to confirm; nothing changes until a first code turns it on. */
export const setUpTwoFactor = () => post('/api/person/2fa/setup', {}, { schema: TwoFactorSetupSchema });

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}
