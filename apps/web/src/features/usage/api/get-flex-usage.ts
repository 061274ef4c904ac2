import { FlexUsageSchema } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const getFlexUsage = (subscriptionId: number, signal?: AbortSignal) =>
  get(`/api/subscription/${subscriptionId}/detailedFlexUsage`, { schema: FlexUsageSchema, signal });

export function useFlexUsage(subscriptionId: number | null) {
  return useQuery({
    queryKey: ['subscription', subscriptionId, 'detailedFlexUsage'],
    queryFn: ({ signal }) => getFlexUsage(subscriptionId!, signal),
    enabled: subscriptionId !== null,
  });
}
