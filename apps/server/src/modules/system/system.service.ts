import type { AppDeps } from '../../app-deps';
import { pendingMigrations } from '../../db/migrate';
import { RETRY_AFTER_SECONDS } from '../../db/unavailable';
import { DomainError } from '../../lib/domain-error';
import { ping } from './system.repository';

export const MIGRATIONS_PENDING = 'The database is reachable but not migrated to this version yet.';

/** What the health probes ask of the database. */
export function createSystemService({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** Throws when the database cannot be reached (the error handler answers 503, db/unavailable.ts). */
    async pingDatabase(): Promise<void> {
      await ping(db);
    },
    /**
     * Readiness: a lost database fails here and the error handler answers 503 (db/unavailable.ts); so
     * do migrations this version has that the database has not applied yet, naming them.
     */
    async assertReady(): Promise<void> {
      const pending = await pendingMigrations(db);
      if (pending.length > 0) {
        throw new DomainError('UNAVAILABLE', MIGRATIONS_PENDING, {
          extra: { pending },
          headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
        });
      }
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
