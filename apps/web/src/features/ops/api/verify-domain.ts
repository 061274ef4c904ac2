import { ClaimedDomainListSchema, ClaimedDomainSchema } from '@store/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/http';
import { opsKeys } from './keys';

const domainsKey = (organizationId: number) => [...opsKeys.organization(organizationId), 'domains'];

export function useOrganizationDomains(organizationId: number) {
  return useQuery({
    queryKey: domainsKey(organizationId),
    queryFn: ({ signal }) =>
      get(`/api/ops/organizations/${organizationId}/domains`, { schema: ClaimedDomainListSchema, signal }),
  });
}

/** The operator verifies a pending claim (the service `npm run ops -- org:verify-domain` uses). */
export function useVerifyDomain(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      post(
        `/api/ops/organizations/${organizationId}/domains/${encodeURIComponent(domain)}/verify`,
        {},
        { schema: ClaimedDomainSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(organizationId) }),
  });
}
