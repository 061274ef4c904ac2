import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { formatMediumDateTime, LeaseMessages, type LeaseState, leaseSeatsText } from '@store/core';
import { showAlert } from '../../alert';
import { useEndLease } from '../api/end-lease';
import { useLeases } from '../api/get-leases';
import { ReleaseSeatButton } from './release-seat-button';
import { SeatItem } from './seat-item';

/**
 * A floating license's live leases (docs/decisions/034) under 'n of N floating seats leased': host,
 * started, renews until, and End where the viewer may deactivate machines.
 */
export function LeasesList({ subscriptionId, canEnd }: { subscriptionId: number; canEnd: boolean }) {
  const leases = useLeases(subscriptionId);
  if (!leases.data) {
    return leases.isPending ? <Loader size="xs" aria-label="Loading leases" /> : null;
  }
  const { leases: list, engines, leaseMinutes } = leases.data;
  const heading = `leases-${subscriptionId}`;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" id={heading}>
          Live leases ({leaseMinutes}-minute)
        </Text>
        <Text size="sm" fw={600} data-testid="lease-seats">
          {leaseSeatsText(engines.used, engines.limit)}
        </Text>
      </Group>
      {list.length === 0 ? (
        <Text size="xs" c="dimmed">
          {LeaseMessages.noLeases}
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} aria-labelledby={heading}>
          {list.map((lease) => (
            <LeaseItem key={lease.leaseId} subscriptionId={subscriptionId} lease={lease} canEnd={canEnd} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function LeaseItem({
  subscriptionId,
  lease,
  canEnd,
}: {
  subscriptionId: number;
  lease: LeaseState;
  canEnd: boolean;
}) {
  return (
    <SeatItem
      testId="lease"
      hostname={lease.hostname}
      badges={
        lease.borrowed && (
          <Badge size="sm" variant="light" color="blue.9" tt="none" radius="sm">
            Borrowed offline
          </Badge>
        )
      }
      dates={
        <>
          Started {formatMediumDateTime(lease.startedAt)} · Renews until{' '}
          {formatMediumDateTime(lease.expiresAt)}
        </>
      }
      action={canEnd && <EndLease subscriptionId={subscriptionId} lease={lease} />}
    />
  );
}

/** End one lease: asks first; Cancel changes nothing. */
function EndLease({ subscriptionId, lease }: { subscriptionId: number; lease: LeaseState }) {
  const end = useEndLease();
  return (
    <ReleaseSeatButton
      label="End"
      ariaLabel={`End the lease of ${lease.hostname}`}
      title="End lease"
      confirmLabel="End lease"
      question={LeaseMessages.endConfirm(lease.hostname)}
      pending={end.isPending}
      onConfirm={() =>
        end.mutate(
          { subscriptionId, leaseId: lease.leaseId },
          { onSuccess: (gone) => showAlert({ type: 'success', text: LeaseMessages.ended(gone.hostname) }) },
        )
      }
    />
  );
}
