import { type OpsPlanBody, OpsPlanSavedSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '../../../lib/http';
import { invalidateCatalogs } from './invalidate-catalogs';

/** Answers the plan and how many subscriptions take its new price at their next renewal. */
export const updatePlan = ({ planId, body }: { planId: number; body: OpsPlanBody }) =>
  put(`/api/ops/plans/${planId}`, body, { schema: OpsPlanSavedSchema });

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlan, onSuccess: () => invalidateCatalogs(queryClient) });
}
