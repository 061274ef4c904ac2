import { PerpetualLicenseSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const getPerpetualLicense = (subscriptionId: number, signal?: AbortSignal) =>
  get(`/api/perpetualstorelicense/${subscriptionId}`, { schema: PerpetualLicenseSchema, signal });

export function usePerpetualLicense(subscriptionId: number, enabled = true) {
  return useQuery({
    queryKey: ['perpetualstorelicense', subscriptionId],
    queryFn: ({ signal }) => getPerpetualLicense(subscriptionId, signal),
    enabled,
  });
}
