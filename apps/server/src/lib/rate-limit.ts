import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import type { Clock } from './clock';

/**
 * Fixed-window counter in PostgreSQL, so every server process shares it (DESIGN.md §3).
 * Returns false once `limit` hits happened inside the window.
 */
export async function hitRateLimit(
  db: Db,
  clock: Clock,
  key: string,
  limit: number,
  windowMs: number,
): Promise<boolean> {
  const now = clock.now();
  const windowFloor = new Date(now.getTime() - windowMs);
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < ${windowFloor.toISOString()} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < ${windowFloor.toISOString()} THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
    RETURNING count`,
  );
  return Number(rows[0]?.count ?? 0) <= limit;
}
