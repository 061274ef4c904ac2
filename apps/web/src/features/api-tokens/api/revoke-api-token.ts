import { ApiTokenSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { apiTokensKey } from './get-api-tokens';

/** DELETE /api/organization/api-tokens/{id}: every call with the token is refused from now on. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del(`/api/organization/api-tokens/${id}`, { schema: ApiTokenSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
