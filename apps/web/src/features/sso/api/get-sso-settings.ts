import { SsoSettingsSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const ssoSettingsKey = ['organization', 'sso'] as const;

/** GET /api/organization/sso: the set-up (never the secret) and the redirect URI to register. */
export function useSsoSettings() {
  return useQuery({
    queryKey: ssoSettingsKey,
    queryFn: ({ signal }) => get('/api/organization/sso', { schema: SsoSettingsSchema, signal }),
  });
}
