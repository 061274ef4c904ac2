import type { Db, DbOrTx } from '../../db/client';
import {
  addAccruedRtus,
  announceUsageChanged,
  lockSubscriptionRow,
  type UsageCounters,
} from '../subscriptions';
import { insertReports, type UsageReport } from './usage.repository';

/**
 * The one rollup path: the API and the benchmark both go through it. In one transaction under the
 * subscription's row lock, new transaction ids are inserted (repeats are ignored by the unique index)
 * and only what was inserted is added to the daily per-host rollups and to accruedRtusThisMonth.
 */
export async function recordUsageFor(
  db: Db,
  subscriptionId: number,
  reports: UsageReport[],
): Promise<{
  accepted: number;
  duplicates: number;
  pages: number;
  counters: UsageCounters | null;
}> {
  const run = async (tx: DbOrTx) => {
    await lockSubscriptionRow(tx, subscriptionId);
    const { accepted, pages } = await insertReports(tx, subscriptionId, reports);
    // The month's counter is the subscriptions module's, written in this same transaction.
    const counters = await addAccruedRtus(tx, subscriptionId, pages);
    return { accepted, duplicates: reports.length - accepted, pages, counters };
  };
  const result = await db.transaction((tx) => run(tx));
  if (result.counters) await announceUsageChanged(db, subscriptionId);
  return result;
}
