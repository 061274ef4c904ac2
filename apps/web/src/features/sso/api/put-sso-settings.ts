import { type PutSsoConfig, SsoSettingsSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { ssoSettingsKey } from './get-sso-settings';

/** PUT /api/organization/sso: the server reads the provider's discovery document before keeping it. */
export function usePutSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSsoConfig) => put('/api/organization/sso', body, { schema: SsoSettingsSchema }),
    onSuccess: (settings) => queryClient.setQueryData(ssoSettingsKey, settings),
  });
}
