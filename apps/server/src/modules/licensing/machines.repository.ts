import { type ActivationKind, heartbeatDeadline, type Machine, type MachineState } from '@store/core';
import { and, asc, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { machineActivations } from '../../db/schema';

// Every write of machine_activations (licensing owns the table, docs/ARCHITECTURE.md). A machine
// holds a seat while last seen at or after the heartbeat cutoff (docs/design.md §5).

export type MachineRow = typeof machineActivations.$inferSelect;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Every statement here is about one subscription's machines: these, and those `more` narrows to. */
const ofSubscription = (subscriptionId: number, ...more: SQL[]) =>
  and(eq(machineActivations.subscriptionId, subscriptionId), ...more);

/** A machine is its subscription's kind and host name. */
const theMachine = (subscriptionId: number, kind: ActivationKind, hostname: string, ...more: SQL[]) =>
  ofSubscription(
    subscriptionId,
    eq(machineActivations.kind, kind),
    eq(machineActivations.hostname, hostname),
    ...more,
  );

/** The wire shape of a machine: its dates, its deadline and whether it still holds its seat. */
export function toMachineState(row: MachineRow, windowDays: number, now: Date): MachineState {
  const deadline = heartbeatDeadline(row.lastSeenAt, windowDays);
  return {
    kind: row.kind as ActivationKind,
    hostname: row.hostname,
    activatedAt: row.activatedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    heartbeatDeadline: deadline.toISOString(),
    alive: now.getTime() <= deadline.getTime(),
  };
}

export const toMachine = (row: MachineRow, windowDays: number, now: Date): Machine => ({
  machineId: row.id,
  ...toMachineState(row, windowDays, now),
});

export async function findMachine(
  db: DbOrTx,
  subscriptionId: number,
  kind: ActivationKind,
  hostname: string,
): Promise<MachineRow | null> {
  const rows = await db
    .select()
    .from(machineActivations)
    .where(theMachine(subscriptionId, kind, hostname))
    .limit(1);
  return rows[0] ?? null;
}

/** A heartbeat: marks an alive machine seen now; null when it is dead or was never activated. */
export async function touchAliveMachine(
  db: DbOrTx,
  subscriptionId: number,
  kind: ActivationKind,
  hostname: string,
  now: Date,
  cutoff: Date,
): Promise<MachineRow | null> {
  const rows = await db
    .update(machineActivations)
    .set({ lastSeenAt: now })
    .where(theMachine(subscriptionId, kind, hostname, sql`${machineActivations.lastSeenAt} >= ${ts(cutoff)}`))
    .returning();
  return rows[0] ?? null;
}

export async function markSeen(db: DbOrTx, machineId: number, now: Date): Promise<void> {
  await db.update(machineActivations).set({ lastSeenAt: now }).where(eq(machineActivations.id, machineId));
}

/** Machines silent past the window have lost their seats; activation clears them away first. */
export async function deleteDeadMachines(
  tx: DbOrTx,
  subscriptionId: number,
  cutoff: Date,
): Promise<MachineRow[]> {
  return tx
    .delete(machineActivations)
    .where(ofSubscription(subscriptionId, lt(machineActivations.lastSeenAt, cutoff)))
    .returning();
}

export async function countMachines(
  tx: DbOrTx,
  subscriptionId: number,
  kind: ActivationKind,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(machineActivations)
    .where(ofSubscription(subscriptionId, eq(machineActivations.kind, kind)));
  return Number(row?.n ?? 0);
}

export async function insertMachine(
  tx: DbOrTx,
  values: { subscriptionId: number; kind: ActivationKind; hostname: string; now: Date },
): Promise<MachineRow> {
  const [row] = await tx
    .insert(machineActivations)
    .values({
      subscriptionId: values.subscriptionId,
      kind: values.kind,
      hostname: values.hostname,
      activatedAt: values.now,
      lastSeenAt: values.now,
    })
    .returning();
  return row!;
}

/** The License section's list: engines first, then designers, by host name. */
export async function listMachines(db: DbOrTx, subscriptionId: number): Promise<MachineRow[]> {
  const enginesFirst = [desc(machineActivations.kind), asc(machineActivations.hostname)];
  return db
    .select()
    .from(machineActivations)
    .where(ofSubscription(subscriptionId))
    .orderBy(...enginesFirst);
}

/** Deactivate: one machine of the subscription; null when it has no such machine. */
export async function deleteMachine(
  tx: DbOrTx,
  subscriptionId: number,
  machineId: number,
): Promise<MachineRow | null> {
  const rows = await tx
    .delete(machineActivations)
    .where(ofSubscription(subscriptionId, eq(machineActivations.id, machineId)))
    .returning();
  return rows[0] ?? null;
}

/** Flush Keys: every machine of the subscription at once (docs/design.md §5). */
export async function deleteAllMachines(tx: DbOrTx, subscriptionId: number): Promise<MachineRow[]> {
  return tx.delete(machineActivations).where(ofSubscription(subscriptionId)).returning();
}
