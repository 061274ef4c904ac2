import { ClaimedDomainListSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const claimedDomainsKey = ['organization', 'domains'] as const;

/** GET /api/organization/domains: the organization's claimed e-mail domains. */
export function useClaimedDomains() {
  return useQuery({
    queryKey: claimedDomainsKey,
    queryFn: ({ signal }) => get('/api/organization/domains', { schema: ClaimedDomainListSchema, signal }),
  });
}
