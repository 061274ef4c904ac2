import {
  heartbeatCutoff,
  heartbeatWindowDays,
  isFloatingPlan,
  type MachineList,
  MachineMessages,
  SeatModel,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/domain-error';
import { findSubscription, lockForChange, type SubscriptionRecord, visible } from '../subscriptions';
import { deleteAllLeases } from './leases.repository';
import { seatsHeld } from './license-reads';
import { activationLimit } from './licensing.service';
import { announceMachines } from './machine-events';
import * as machines from './machines.repository';

/**
 * The License section's machines (docs/design.md §5): who holds the key's seats, and Deactivate for one
 * of them. Anyone who sees the subscription sees its machines (host names are not secrets, decision
 * 010); deactivating takes the same rights as Flush Keys: an admin of the owning organization.
 */
export function createMachinesService(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock } = deps;

  const announceReleased = (tx: DbOrTx, record: SubscriptionRecord, rows: machines.MachineRow[]) =>
    announceMachines(
      tx,
      'machine.released',
      { id: record.subscription.id, organizationId: record.subscription.organizationId },
      rows,
      heartbeatWindowDays(record.plan.heartbeatWindowDays, deps.config.heartbeatWindowDays),
      clock.now(),
    );

  return {
    async list(auth: AuthContext, subscriptionId: number): Promise<MachineList> {
      const record = await visible(db, auth, subscriptionId);
      const window = heartbeatWindowDays(record.plan.heartbeatWindowDays, deps.config.heartbeatWindowDays);
      const now = clock.now();
      const rows = await machines.listMachines(db, subscriptionId);
      const floating = isFloatingPlan(record.plan);
      const held = seatsHeld(rows, heartbeatCutoff(now, window));
      return {
        heartbeatWindowDays: window,
        seats: floating ? SeatModel.Floating : SeatModel.NodeLocked,
        // A floating license's engines lease seats and never activate: no machine seat is theirs.
        engines: floating
          ? { used: held.engine, limit: 0 }
          : { used: held.engine, limit: activationLimit(record, 'engine') },
        designers: { used: held.designer, limit: activationLimit(record, 'designer') },
        machines: rows.map((r) => machines.toMachine(r, window, now)),
      };
    },

    async deactivate(auth: AuthContext, subscriptionId: number, machineId: number) {
      return db.transaction(async (tx) => {
        const record = await lockForChange(tx, auth, subscriptionId);
        const row = await machines.deleteMachine(tx, subscriptionId, machineId);
        if (!row) throw notFound(MachineMessages.notFound);
        await announceReleased(tx, record, [row]);
        return { machineId: row.id, kind: row.kind as 'engine' | 'designer', hostname: row.hostname };
      });
    },

    /**
     * Flush Keys (docs/design.md §5): every machine of the subscription, in the caller's transaction,
     * each announced released, and every lease of a floating license (its seats too are freed);
     * answers how many seats were freed.
     */
    async deleteAllMachines(tx: DbOrTx, subscriptionId: number): Promise<number> {
      const rows = await machines.deleteAllMachines(tx, subscriptionId);
      const record = rows.length > 0 ? await findSubscription(tx, subscriptionId) : null;
      if (record) await announceReleased(tx, record, rows);
      return rows.length + (await deleteAllLeases(tx, subscriptionId));
    },
  };
}

export type MachinesService = ReturnType<typeof createMachinesService>;
