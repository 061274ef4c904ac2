import { type ClaimDomain, ClaimedDomainSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { claimedDomainsKey } from './get-claimed-domains';

/** POST /api/organization/domains: verified at once for the admin's own domain, else pending. */
export function useClaimDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimDomain) =>
      post('/api/organization/domains', body, { schema: ClaimedDomainSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimedDomainsKey }),
  });
}
