import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { opsKeys } from './keys';

export const promoteAdmin = ({ organizationId, personId }: { organizationId: number; personId: number }) =>
  post(`/api/ops/organizations/${organizationId}/admins`, { personId });

export function usePromoteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteAdmin,
    onSuccess: (_result, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: opsKeys.organization(organizationId) }),
  });
}
