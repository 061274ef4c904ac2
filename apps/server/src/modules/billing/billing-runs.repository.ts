import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingRuns } from '../../db/schema';

// billing_runs: the record of billing runs (docs/decisions/015); billing-runs.ts decides what is recorded.

/** Records a run; its row. */
export async function recordRun(db: DbOrTx, values: typeof billingRuns.$inferInsert) {
  const [row] = await db.insert(billingRuns).values(values).returning();
  return row;
}

/** The latest runs, newest first. */
export function latestRuns(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(billingRuns)
    .orderBy(desc(billingRuns.startedAt), desc(billingRuns.id))
    .limit(limit);
}
