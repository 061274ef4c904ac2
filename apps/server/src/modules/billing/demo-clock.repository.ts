import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

// The demo clock's offset, one settings row every process reads (demo mode only).

export async function storedClockOffset(db: Db): Promise<number> {
  const r = (await db.execute(sql`SELECT value FROM settings WHERE key = 'demoClock'`)) as unknown as {
    rows: { value: { offsetMs?: number } | null }[];
  };
  return Number(r.rows[0]?.value?.offsetMs ?? 0);
}

export async function storeClockOffset(db: Db, offsetMs: number): Promise<void> {
  await db
    .insert(settings)
    .values({ key: 'demoClock', value: { offsetMs } })
    .onConflictDoUpdate({ target: settings.key, set: { value: { offsetMs } } });
}
