import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import type { OpsEulaBody } from '../contract';

export const uploadEula = ({ planId, body }: { planId: number; body: OpsEulaBody }) =>
  put(`/api/ops/plans/${planId}/eula`, body);

export function useUploadEula() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEula,
    onSuccess: (_r, { planId }) => queryClient.invalidateQueries({ queryKey: ['catalog', 'eula', planId] }),
  });
}
