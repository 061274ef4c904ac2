import type { OpsTermsBody } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { opsKeys } from './keys';

export const updateOrganizationTerms = ({
  organizationId,
  terms,
}: {
  organizationId: number;
  terms: OpsTermsBody;
}) => put(`/api/ops/organizations/${organizationId}/terms`, terms);

export function useUpdateOrganizationTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationTerms,
    // A new parent changes two organizations' pages and the search rows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsKeys.organizations }),
  });
}
