import { MachineListSchema } from '@store/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

export const machinesKey = (subscriptionId: number) => ['subscription', subscriptionId, 'machines'] as const;

export const getMachines = (subscriptionId: number, signal?: AbortSignal) =>
  get(`/api/subscription/${subscriptionId}/machines`, { schema: MachineListSchema, signal });

export const machinesQueryOptions = (subscriptionId: number) =>
  queryOptions({
    queryKey: machinesKey(subscriptionId),
    queryFn: ({ signal }) => getMachines(subscriptionId, signal),
  });

/** The License section's machines and seats (docs/design.md §5). */
export function useMachines(subscriptionId: number) {
  return useQuery(machinesQueryOptions(subscriptionId));
}
