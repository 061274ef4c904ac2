import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { claimedDomainsKey } from './get-claimed-domains';

/** DELETE /api/organization/domains/{domain}. */
export function useReleaseDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => del(`/api/organization/domains/${encodeURIComponent(domain)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimedDomainsKey }),
  });
}
