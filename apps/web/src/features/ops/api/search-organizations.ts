import { OpsOrganizationListSchema } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { opsKeys } from './keys';

export const searchOrganizations = (q: string, page: number, signal?: AbortSignal) =>
  get(`/api/ops/organizations?${new URLSearchParams({ q, page: String(page) })}`, {
    schema: OpsOrganizationListSchema,
    signal,
  });

export function useSearchOrganizations(q: string, page: number) {
  return useQuery({
    queryKey: [...opsKeys.organizations, 'search', q, page],
    queryFn: ({ signal }) => searchOrganizations(q, page, signal),
    placeholderData: keepPreviousData,
  });
}
