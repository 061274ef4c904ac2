import type { DbOrTx } from '../../db/client';
import { recordEvents } from '../webhooks';
import { type MachineRow, toMachine } from './machines.repository';

/**
 * Announces machines that took or gave up a seat of a subscription's key to its owner's webhooks
 * (docs/design.md §5a), in the caller's transaction: each as the machines list answers it, with the
 * subscription it belongs to (the list names it in its path). Ordered with the subscription's events.
 */
export async function announceMachines(
  tx: DbOrTx,
  type: 'machine.activated' | 'machine.released',
  subscription: { id: number; organizationId: number },
  rows: readonly MachineRow[],
  windowDays: number,
  now: Date,
): Promise<void> {
  await recordEvents(
    tx,
    type,
    rows.map((row) => ({
      organizationId: subscription.organizationId,
      subscriptionId: subscription.id,
      row,
    })),
    async (listened) =>
      listened.map(({ row }) => ({ subscriptionId: subscription.id, ...toMachine(row, windowDays, now) })),
    now,
  );
}
