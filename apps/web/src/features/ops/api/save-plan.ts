import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, put } from '../../../lib/http';
import type { OpsPlanBody } from '../contract';
import { opsKeys } from './keys';

/** POST /api/ops/plans for a new plan, PUT /api/ops/plans/:planId for an existing one. */
export const savePlan = ({ planId, body }: { planId: number | null; body: OpsPlanBody }) =>
  planId === null ? post('/api/ops/plans', body) : put(`/api/ops/plans/${planId}`, body);

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.catalog }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  });
}
