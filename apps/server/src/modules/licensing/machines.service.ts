import { heartbeatCutoff, heartbeatWindowDays, type MachineList, MachineMessages } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/domain-error';
import { lockForChange, visible } from '../subscriptions';
import { seatsHeld } from './license-reads';
import { activationLimit } from './licensing.service';
import * as machines from './machines.repository';

/**
 * The License section's machines (docs/design.md §5): who holds the key's seats, and Deactivate for one
 * of them. Anyone who sees the subscription sees its machines (host names are not secrets, decision
 * 010); deactivating takes the same rights as Flush Keys: an admin of the owning organization.
 */
export function createMachinesService(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock } = deps;

  return {
    async list(auth: AuthContext, subscriptionId: number): Promise<MachineList> {
      const record = await visible(db, auth, subscriptionId);
      const window = heartbeatWindowDays(record.plan.heartbeatWindowDays, deps.config.heartbeatWindowDays);
      const now = clock.now();
      const rows = await machines.listMachines(db, subscriptionId);
      const held = seatsHeld(rows, heartbeatCutoff(now, window));
      return {
        heartbeatWindowDays: window,
        engines: { used: held.engine, limit: activationLimit(record, 'engine') },
        designers: { used: held.designer, limit: activationLimit(record, 'designer') },
        machines: rows.map((r) => machines.toMachine(r, window, now)),
      };
    },

    async deactivate(auth: AuthContext, subscriptionId: number, machineId: number) {
      return db.transaction(async (tx) => {
        await lockForChange(tx, auth, subscriptionId);
        const row = await machines.deleteMachine(tx, subscriptionId, machineId);
        if (!row) throw notFound(MachineMessages.notFound);
        return { machineId: row.id, kind: row.kind as 'engine' | 'designer', hostname: row.hostname };
      });
    },

    /** Flush Keys (docs/design.md §5): every machine of the subscription, in the caller's transaction. */
    deleteAllMachines: (tx: DbOrTx, subscriptionId: number) => machines.deleteAllMachines(tx, subscriptionId),
  };
}

export type MachinesService = ReturnType<typeof createMachinesService>;
