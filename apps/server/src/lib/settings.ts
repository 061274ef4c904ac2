import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

// The settings table's one reader and writer: a store-wide value per key, each key kept by the
// module it belongs to (the catalogue's cycle discounts, the demo's generated keys, the demo clock).
// No module writes the table itself, so every way a setting changes is found here by its key.

/** The value stored under the key, or undefined when none is. */
export async function readSetting<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as T | undefined;
}

/** Stores the value under the key, replacing any earlier one. */
export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/**
 * The value under the key, storing `candidate` first when there is none. Two processes racing: the
 * first insert wins and both read the winner back.
 */
export async function settingOrInsert<T>(db: DbOrTx, key: string, candidate: () => T): Promise<T> {
  const stored = await readSetting<T>(db, key);
  if (stored !== undefined) return stored;
  await db.insert(settings).values({ key, value: candidate() }).onConflictDoNothing();
  return (await readSetting<T>(db, key))!;
}
