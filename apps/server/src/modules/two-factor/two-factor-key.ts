import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

const SETTINGS_KEY = 'twoFactorKey';

/**
 * The key that encrypts two-factor secrets: TWO_FACTOR_KEY (required in production). The demo
 * generates one and keeps it in its own database, like its license signing key; a real store keeps
 * it apart from the database so that a copy of the data does not carry the key with it.
 */
export async function twoFactorKey(db: Db, config: Pick<Config, 'mode' | 'twoFactorKey'>): Promise<Buffer> {
  if (config.twoFactorKey) return config.twoFactorKey;
  if (config.mode === 'production') throw new Error('TWO_FACTOR_KEY is not set');
  const read = async () =>
    (await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY)).limit(1))[0]?.value as
      | { key: string }
      | undefined;
  let stored = await read();
  if (!stored) {
    // Two processes racing: the first insert wins and both read the winner back.
    await db
      .insert(settings)
      .values({ key: SETTINGS_KEY, value: { key: randomBytes(32).toString('base64') } })
      .onConflictDoNothing();
    stored = await read();
  }
  return Buffer.from(stored!.key, 'base64');
}
