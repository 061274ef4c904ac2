import { type DunningSettings, dunningSettingsOf, normalizedDunning } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { readSetting, writeSetting } from '../../lib/settings';
import { recordAudit } from '../audit';

// The store's dunning settings (docs/decisions/042): one settings row, 'dunning', set in the console and
// read by the billing engine each time it records a decline or sends reminders, so a change applies to
// the next decision of every server process without a restart.

const KEY = 'dunning';

/** The retry schedule and reminders in force: the defaults until the operator saves their own. */
export async function readDunningSettings(db: DbOrTx): Promise<DunningSettings> {
  return dunningSettingsOf(await readSetting(db, KEY));
}

/** The operator's save: stored as a set of days each, recorded in the audit log, and answered as stored. */
export async function saveDunningSettings(db: DbOrTx, settings: DunningSettings): Promise<DunningSettings> {
  const stored = normalizedDunning(settings);
  await db.transaction(async (tx) => {
    const before = await readDunningSettings(tx);
    await writeSetting(tx, KEY, stored);
    await recordAudit(tx, 'dunning.updated', { before, after: stored, organizationId: null });
  });
  return stored;
}

/** The console's Dunning screen: the settings in force and the operator's save. */
export function createDunningSettingsService({ db }: { db: DbOrTx }) {
  return {
    read: () => readDunningSettings(db),
    save: (settings: DunningSettings) => saveDunningSettings(db, settings),
  };
}
export type DunningSettingsService = ReturnType<typeof createDunningSettingsService>;
