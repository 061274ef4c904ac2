import type { ActivationKind } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { ReadCache } from '../../lib/read-cache';
import { findSubscriptionByLicenseKey, type SubscriptionRecord } from '../subscriptions';
import { listMachines, type MachineRow } from './machines.repository';

/** What a validation reads: the key's subscription and the machines activated against it. */
export interface LicenseRead {
  record: SubscriptionRecord;
  machines: MachineRow[];
}

/**
 * The read behind every validation, from memory while neither the subscription nor its machines
 * have changed (docs/decisions/021): engines validate far more often than either changes.
 */
export function createLicenseReads(db: DbOrTx, cache?: ReadCache<string, LicenseRead>) {
  const read = async (licenseKey: string): Promise<LicenseRead | null> => {
    const record = await findSubscriptionByLicenseKey(db, licenseKey);
    return record ? { record, machines: await listMachines(db, record.subscription.id) } : null;
  };
  return (licenseKey: string): Promise<LicenseRead | null> => {
    const cached = cache?.get(licenseKey);
    if (cached) return Promise.resolve(cached);
    return cache ? cache.fill(licenseKey, () => read(licenseKey)) : read(licenseKey);
  };
}

/** The seats held per kind (docs/design.md §5: last seen at or after the heartbeat cutoff). */
export function seatsHeld(machines: MachineRow[], cutoff: Date): Record<ActivationKind, number> {
  const held = (kind: ActivationKind) =>
    machines.filter((m) => m.kind === kind && m.lastSeenAt.getTime() >= cutoff.getTime()).length;
  return { engine: held('engine'), designer: held('designer') };
}
