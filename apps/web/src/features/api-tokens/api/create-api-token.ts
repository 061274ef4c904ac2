import { type CreateApiToken, CreatedApiTokenSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { apiTokensKey } from './get-api-tokens';

/** POST /api/organization/api-tokens: the answer holds the token, the only time it is ever sent. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiToken) =>
      post('/api/organization/api-tokens', body, { schema: CreatedApiTokenSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
