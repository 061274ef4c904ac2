import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The cheapest round trip to the database: throws when it cannot be reached. */
export async function ping(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
