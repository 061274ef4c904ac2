import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Database } from '../../db/client';

export interface SharedLimitOptions {
  keyPrefix: string;
  points: number;
  /** Window length in seconds. */
  duration: number;
  /**
   * Once this many points are used, the key is refused from this process's memory for the rest of
   * the window, without asking PostgreSQL (hot paths under attack stay cheap).
   */
  inMemoryBlockOnConsumed?: number;
}

/**
 * A limit shared by every server process: rate-limiter-flexible's PostgreSQL store over the
 * `rate_limits` table (created by a migration, emptied of expired rows by housekeeping). It speaks to
 * the app's own database, node-postgres or PGlite, through `Database.query`.
 */
export function sharedLimit(database: Database, options: SharedLimitOptions): RateLimiterPostgres {
  const storeClient = {
    query: (q: { text: string; values?: unknown[] }) => database.query(q.text, q.values),
  };
  return new RateLimiterPostgres({
    ...options,
    storeClient,
    storeType: 'client',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
  });
}

/**
 * How long this process refuses `key` from memory, without asking PostgreSQL (0: not blocked). The
 * block is set by a consume that reached `inMemoryBlockOnConsumed`, for the rest of the window.
 */
export function inMemoryBlockMs(limit: RateLimiterPostgres, key: string): number {
  const store = limit as unknown as { getInMemoryBlockMsBeforeExpire(rlKey: string): number };
  return store.getInMemoryBlockMsBeforeExpire(limit.getKey(key));
}

/** Housekeeping: throttle rows whose window has ended count for nothing; they are deleted. */
export async function deleteExpiredLimits(database: Database): Promise<number> {
  const result = await database.query('DELETE FROM rate_limits WHERE expire IS NOT NULL AND expire < $1', [
    Date.now(),
  ]);
  return result.rowCount;
}
