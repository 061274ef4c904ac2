import { type Machine, MachineMessages } from '@store/core';
import { showAlert } from '../../alert';
import { useDeactivateMachine } from '../api/deactivate-machine';
import { ReleaseSeatButton } from './release-seat-button';

/** Deactivate one machine (docs/design.md §5): asks first; Cancel changes nothing. */
export function DeactivateMachine({ subscriptionId, machine }: { subscriptionId: number; machine: Machine }) {
  const deactivate = useDeactivateMachine();
  return (
    <ReleaseSeatButton
      label="Deactivate"
      ariaLabel={`Deactivate ${machine.hostname}`}
      title="Deactivate machine"
      confirmLabel="Deactivate"
      question={MachineMessages.deactivateConfirm(machine.hostname, machine.kind)}
      pending={deactivate.isPending}
      onConfirm={() =>
        deactivate.mutate(
          { subscriptionId, machineId: machine.machineId },
          {
            onSuccess: (gone) =>
              showAlert({ type: 'success', text: MachineMessages.deactivated(gone.hostname) }),
          },
        )
      }
    />
  );
}
