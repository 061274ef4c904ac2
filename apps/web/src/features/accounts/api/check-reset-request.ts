import { ResetRequestCheckSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const checkResetRequest = (resetId: string, signal?: AbortSignal) =>
  get(`api/person/valid_reset_request/${encodeURIComponent(resetId)}`, {
    schema: ResetRequestCheckSchema,
    signal,
  });

export const resetRequestQueryOptions = (resetId: string) =>
  queryOptions({
    queryKey: ['person', 'reset-request', resetId],
    queryFn: ({ signal }) => checkResetRequest(resetId, signal),
    staleTime: 0,
  });

export function useResetRequestCheck(resetId: string) {
  return useQuery(resetRequestQueryOptions(resetId));
}
