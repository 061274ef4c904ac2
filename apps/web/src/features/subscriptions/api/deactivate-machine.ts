import { DeactivatedMachineSchema } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/http';
import { machinesKey } from './get-machines';

export const deactivateMachine = ({
  subscriptionId,
  machineId,
}: {
  subscriptionId: number;
  machineId: number;
}) => del(`/api/subscription/${subscriptionId}/machines/${machineId}`, { schema: DeactivatedMachineSchema });

/** Deactivate one machine: its seat is free at once, so the list is read again. */
export function useDeactivateMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateMachine,
    onSettled: (_data, _error, { subscriptionId }) =>
      queryClient.invalidateQueries({ queryKey: machinesKey(subscriptionId) }),
  });
}
