import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { ssoSettingsKey } from './get-sso-settings';

/** DELETE /api/organization/sso: people sign in with passwords again. */
export function useDeleteSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => del('/api/organization/sso'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoSettingsKey }),
  });
}
