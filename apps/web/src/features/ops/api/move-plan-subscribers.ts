import { OpsMoveSubscribersAnswerSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { invalidateCatalogs } from './invalidate-catalogs';

/** A retired plan's subscribers move to another plan of the product at their renewal. */
export const movePlanSubscribers = ({ planId, toPlanId }: { planId: number; toPlanId: number }) =>
  post(`/api/ops/plans/${planId}/subscribers/move`, { toPlanId }, { schema: OpsMoveSubscribersAnswerSchema });

export function useMovePlanSubscribers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: movePlanSubscribers, onSuccess: () => invalidateCatalogs(queryClient) });
}
