import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import {
  formatMediumDate,
  formatMediumDateTime,
  type Machine,
  MachineMessages,
  machineSeatsText,
} from '@store/core';
import { useMachines } from '../api/get-machines';
import { DeactivateMachine } from './deactivate-machine';
import { LeasesList } from './leases-list';
import { SeatItem } from './seat-item';

/**
 * The machines holding the key's seats (docs/design.md §5) under 'n of N engines, m of M designers':
 * host, kind, activated, last seen, and Deactivate where the viewer may flush keys.
 */
export function MachinesList({
  subscriptionId,
  canDeactivate,
}: {
  subscriptionId: number;
  canDeactivate: boolean;
}) {
  const machines = useMachines(subscriptionId);
  if (!machines.data) {
    return machines.isPending ? <Loader size="xs" aria-label="Loading machines" /> : null;
  }
  const { machines: list, heartbeatWindowDays } = machines.data;
  // A floating license's engines hold leases, listed apart; its designers still activate machines.
  const floating = machines.data.seats === 'floating';
  return (
    <Stack gap={6}>
      {floating && <LeasesList subscriptionId={subscriptionId} canEnd={canDeactivate} />}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" id={`machines-${subscriptionId}`}>
          Machines
        </Text>
        <Text size="sm" fw={600} data-testid="machine-seats">
          {machineSeatsText(machines.data)}
        </Text>
      </Group>
      {list.length === 0 ? (
        <Text size="xs" c="dimmed">
          {floating
            ? 'Designers appear here once they activate with the license key.'
            : 'Engines and designers appear here once they activate with the license key.'}
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} aria-labelledby={`machines-${subscriptionId}`}>
          {list.map((machine) => (
            <MachineItem
              key={machine.machineId}
              subscriptionId={subscriptionId}
              machine={machine}
              windowDays={heartbeatWindowDays}
              canDeactivate={canDeactivate}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function MachineItem({
  subscriptionId,
  machine: m,
  windowDays,
  canDeactivate,
}: {
  subscriptionId: number;
  machine: Machine;
  windowDays: number;
  canDeactivate: boolean;
}) {
  return (
    <SeatItem
      testId="machine"
      hostname={m.hostname}
      badges={
        <>
          <Badge size="sm" variant="light" color="gray" tt="none" radius="sm">
            {m.kind === 'engine' ? 'Engine' : 'Designer'}
          </Badge>
          {!m.alive && (
            <Badge size="sm" variant="outline" color="red.9" tt="none" radius="sm">
              {MachineMessages.seatReleased(windowDays)}
            </Badge>
          )}
        </>
      }
      dates={
        <>
          Activated {formatMediumDate(m.activatedAt)} · Last seen {formatMediumDateTime(m.lastSeenAt)}
        </>
      }
      action={canDeactivate && <DeactivateMachine subscriptionId={subscriptionId} machine={m} />}
    />
  );
}
