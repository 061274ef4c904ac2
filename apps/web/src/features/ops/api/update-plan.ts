import { OpsPlanUpdateAnswerSchema, type OpsPlanUpdateBody } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { invalidateCatalogs } from './invalidate-catalogs';

/** Answers the plan, how many subscriptions take its new price at renewal, and what became of them. */
export const updatePlan = ({ planId, body }: { planId: number; body: OpsPlanUpdateBody }) =>
  put(`/api/ops/plans/${planId}`, body, { schema: OpsPlanUpdateAnswerSchema });

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlan, onSuccess: () => invalidateCatalogs(queryClient) });
}
