import { Button } from '@mantine/core';
import { type Machine, MachineMessages } from '@store/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showAlert } from '../../alert';
import { useDeactivateMachine } from '../api/deactivate-machine';

/** Deactivate one machine (docs/design.md §5): asks first; Cancel changes nothing. */
export function DeactivateMachine({ subscriptionId, machine }: { subscriptionId: number; machine: Machine }) {
  const [asking, setAsking] = useState(false);
  const deactivate = useDeactivateMachine();
  const confirm = () => {
    setAsking(false);
    deactivate.mutate(
      { subscriptionId, machineId: machine.machineId },
      {
        onSuccess: (gone) => showAlert({ type: 'success', text: MachineMessages.deactivated(gone.hostname) }),
      },
    );
  };
  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        size="compact-xs"
        onClick={() => setAsking(true)}
        loading={deactivate.isPending}
        aria-label={`Deactivate ${machine.hostname}`}
        style={{ flexShrink: 0 }}
      >
        Deactivate
      </Button>
      <ConfirmModal
        opened={asking}
        title="Deactivate machine"
        confirmLabel="Deactivate"
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      >
        {MachineMessages.deactivateConfirm(machine.hostname, machine.kind)}
      </ConfirmModal>
    </>
  );
}
