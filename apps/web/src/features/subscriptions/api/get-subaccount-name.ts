import { SubAccountNameSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const getSubAccountName = (organizationId: number, signal?: AbortSignal) =>
  get(`api/organization/subaccountname/${organizationId}`, { schema: SubAccountNameSchema, signal });

/** The owner of a read-only subscription (spec §4: 'This subscription belongs to <owner name>'). */
export function useSubAccountName(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: ['organization', 'subaccountname', organizationId],
    queryFn: ({ signal }) => getSubAccountName(organizationId, signal),
    staleTime: 10 * 60_000,
    enabled,
  });
}
