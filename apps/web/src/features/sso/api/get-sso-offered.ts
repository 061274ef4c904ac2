import { SsoOfferedSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

/** GET /api/sso/offered: whether the address's domain offers single sign-on; asked once per address. */
export function useSsoOffered(email: string) {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return useQuery({
    queryKey: ['sso', 'offered', domain] as const,
    queryFn: ({ signal }) =>
      get(`/api/sso/offered?email=${encodeURIComponent(address)}`, { schema: SsoOfferedSchema, signal }),
    enabled: address.includes('@') && domain.includes('.'),
    staleTime: 60_000,
  });
}

/** Where the browser goes to sign in at the provider: a full navigation, not a fetch. */
export const ssoStartUrl = (email: string) => `/api/sso/start?email=${encodeURIComponent(email.trim())}`;
