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
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="xs"
      py={6}
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="machine"
    >
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {m.hostname}
          </Text>
          <Badge size="sm" variant="light" color="gray" tt="none" radius="sm">
            {m.kind === 'engine' ? 'Engine' : 'Designer'}
          </Badge>
          {!m.alive && (
            <Badge size="sm" variant="outline" color="red.9" tt="none" radius="sm">
              {MachineMessages.seatReleased(windowDays)}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Activated {formatMediumDate(m.activatedAt)} · Last seen {formatMediumDateTime(m.lastSeenAt)}
        </Text>
      </Stack>
      {canDeactivate && <DeactivateMachine subscriptionId={subscriptionId} machine={m} />}
    </Group>
  );
}
