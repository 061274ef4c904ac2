import { TwoFactorStatusSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const twoFactorStatusKey = ['two-factor', 'status'] as const;

export const getTwoFactorStatus = (signal?: AbortSignal) =>
  get('/api/person/2fa', { schema: TwoFactorStatusSchema, signal });

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: twoFactorStatusKey, queryFn: ({ signal }) => getTwoFactorStatus(signal) });

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...twoFactorStatusQueryOptions(), enabled });
}
