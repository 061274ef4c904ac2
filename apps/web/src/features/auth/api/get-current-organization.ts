import { OrganizationSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const getCurrentOrganization = (signal?: AbortSignal) =>
  get('/api/organization/current', { schema: OrganizationSchema, signal });

export const currentOrganizationQueryOptions = queryOptions({
  queryKey: ['organization', 'current'],
  queryFn: ({ signal }) => getCurrentOrganization(signal),
  staleTime: 5 * 60_000,
  // Spec §7: failures of the current-organization call are ignored silently.
  meta: { silent: true },
});

export function useCurrentOrganization(enabled = true) {
  return useQuery({ ...currentOrganizationQueryOptions, enabled });
}
