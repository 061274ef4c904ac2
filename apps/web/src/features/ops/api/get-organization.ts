import { OpsOrganizationDetailSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

export const getOrganization = (organizationId: number, signal?: AbortSignal) =>
  get(`/api/ops/organizations/${organizationId}`, { schema: OpsOrganizationDetailSchema, signal });

export function useOrganization(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: opsKeys.organization(organizationId),
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
    enabled,
  });
}
