import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type Machine, MachineMessages } from '@store/core';
import { useState } from 'react';
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
      {/* Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's. */}
      <Modal.Root opened={asking} onClose={() => setAsking(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Body pt="lg">
            <Stack gap="md">
              <Modal.Title fw={650} fz="lg">
                Deactivate machine
              </Modal.Title>
              <Text style={{ overflowWrap: 'anywhere' }}>
                {MachineMessages.deactivateConfirm(machine.hostname, machine.kind)}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setAsking(false)}>
                  Cancel
                </Button>
                <Button color="red.9" onClick={confirm} data-autofocus>
                  Deactivate
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
