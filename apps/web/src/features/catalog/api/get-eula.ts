import { EulaResponseSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const eulaQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: ['catalog', 'eula', planId],
    queryFn: ({ signal }) => get(`api/product/eula/${planId}`, { schema: EulaResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Spec §7: failures of the EULA call are ignored silently.
    meta: { silent: true },
  });

export function useEula(planId: number | null, enabled: boolean) {
  return useQuery({ ...eulaQueryOptions(planId ?? 0), enabled: enabled && planId !== null });
}
