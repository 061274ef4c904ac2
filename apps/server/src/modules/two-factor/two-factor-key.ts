import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { settingOrInsert } from '../../lib/settings';

const SETTINGS_KEY = 'twoFactorKey';

/**
 * The key that encrypts two-factor secrets: TWO_FACTOR_KEY (required in production). The demo
 * generates one and keeps it in its own database, like its license signing key; a real store keeps
 * it apart from the database so that a copy of the data does not carry the key with it.
 */
export async function twoFactorKey(db: Db, config: Pick<Config, 'mode' | 'twoFactorKey'>): Promise<Buffer> {
  if (config.twoFactorKey) return config.twoFactorKey;
  if (config.mode === 'production') throw new Error('TWO_FACTOR_KEY is not set');
  const stored = await settingOrInsert(db, SETTINGS_KEY, () => ({ key: randomBytes(32).toString('base64') }));
  return Buffer.from(stored.key, 'base64');
}
