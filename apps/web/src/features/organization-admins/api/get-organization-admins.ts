import { OrganizationAdminsSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const organizationAdminsQueryOptions = queryOptions({
  queryKey: ['organization', 'admins'],
  queryFn: ({ signal }) => get('/api/organization/admins', { schema: OrganizationAdminsSchema, signal }),
  staleTime: 5 * 60_000,
  // The names only help; without them the notice still says that an administrator must act.
  meta: { silent: true },
});

/** GET /api/organization/admins: whom a plain user asks to act for the organization. */
export function useOrganizationAdmins(enabled = true) {
  return useQuery({ ...organizationAdminsQueryOptions, enabled });
}
