import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

export const addPerpetualLicense = ({
  organizationId,
  planId,
  name,
}: {
  organizationId: number;
  planId: number;
  name?: string;
}) => post(`/api/ops/organizations/${organizationId}/perpetual-licenses`, { planId, name });

export function useAddPerpetualLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPerpetualLicense,
    onSuccess: (_result, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: opsKeys.organization(organizationId) }),
  });
}
