import { ApiTokenListSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const apiTokensKey = ['organization', 'api-tokens'] as const;

/** GET /api/organization/api-tokens: the organization's tokens not revoked, newest first. */
export function useApiTokens() {
  return useQuery({
    queryKey: apiTokensKey,
    queryFn: ({ signal }) => get('/api/organization/api-tokens', { schema: ApiTokenListSchema, signal }),
  });
}
