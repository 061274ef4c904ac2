import { TwoFactorPolicySchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const twoFactorPolicyKey = ['two-factor', 'policy'] as const;

export const getTwoFactorPolicy = (signal?: AbortSignal) =>
  get('/api/organization/two-factor-policy', { schema: TwoFactorPolicySchema, signal });

export function useTwoFactorPolicy() {
  return useQuery(
    queryOptions({ queryKey: twoFactorPolicyKey, queryFn: ({ signal }) => getTwoFactorPolicy(signal) }),
  );
}
