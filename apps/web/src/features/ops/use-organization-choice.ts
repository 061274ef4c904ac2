import { useOrganization } from './api/get-organization';

/** The organization a list is filtered by, named for its select (null while none is chosen). */
export function useOrganizationChoice(organizationId: number | null) {
  const detail = useOrganization(organizationId ?? 0, organizationId !== null);
  if (organizationId === null || !detail.data) return null;
  return { organizationId, name: detail.data.organization.name };
}
