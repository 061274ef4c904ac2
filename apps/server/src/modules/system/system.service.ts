import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { pendingMigrations } from '../../db/migrate';

/** What the health probes ask of the database. */
export function createSystemService({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** Throws when the database cannot be reached (the error handler answers 503, db/unavailable.ts). */
    async pingDatabase(): Promise<void> {
      await db.execute(sql`SELECT 1`);
    },
    /** The migrations this version has that the database has not applied yet. */
    pendingMigrations: () => pendingMigrations(db),
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
