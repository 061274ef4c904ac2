import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { readSetting, writeSetting } from '../lib/settings';

const MARKER = 'demoDatabase';

export const DEMO_DATABASE_REFUSED =
  'DEMO=1 refuses this database: it holds organizations, people or products the demo did not put there. ' +
  'Demo mode fills only an empty database, which it then marks as its own, with published passwords ' +
  'and a published two-factor secret. Point DATABASE_URL at an empty database for the demo, or unset ' +
  'DEMO to run this one in production mode.';

export class DemoDatabaseRefused extends Error {
  constructor() {
    super(DEMO_DATABASE_REFUSED);
  }
}

/**
 * Demo mode on PostgreSQL writes its published accounts (operator@example.com with its password and
 * two-factor secret) only into a database it created: an empty one is marked as the demo's before it
 * is seeded; a marked one is the demo's (another process of the same demo, a restart); any other is
 * refused, so DEMO=1 with a production DATABASE_URL changes nothing there.
 */
export async function claimDemoDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Processes of one demo starting together: one marks, the others then find the marker.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727276)`);
    if ((await readSetting(tx, MARKER)) !== undefined) return;
    const [held] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT (SELECT count(*) FROM organizations) + (SELECT count(*) FROM persons)
               + (SELECT count(*) FROM products) AS n`,
    );
    if (Number(held?.n) > 0) throw new DemoDatabaseRefused();
    await writeSetting(tx, MARKER, { since: new Date().toISOString() });
  });
}
