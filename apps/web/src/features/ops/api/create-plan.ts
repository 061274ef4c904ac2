import type { OpsPlanBody } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { invalidateCatalogs } from './invalidate-catalogs';

export const createPlan = (body: OpsPlanBody) => post('/api/ops/plans', body);

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPlan, onSuccess: () => invalidateCatalogs(queryClient) });
}
