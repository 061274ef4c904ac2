import type { Db } from '../../db/client';
import { announceUsageChanged, type UsageCounters, usageCounterStatement } from '../subscriptions';
import { insertReportsCounted, type UsageReport } from './usage.repository';
import { createWriteBatches } from './write-batches';

export interface RecordedUsage {
  accepted: number;
  duplicates: number;
  pages: number;
  counters: UsageCounters | null;
}

/**
 * The one rollup path: the API and the benchmark both go through it. One statement, so one
 * transaction: the subscription's row is locked first, new transaction ids are inserted (repeats are
 * ignored by the unique index), and only what was inserted is added to the daily per-host rollups
 * and to accruedRtusThisMonth (the subscriptions module's part of the statement). The change is then
 * announced to every server's read caches; reports committed while an announcement is on its way
 * share the next one, so a busy store pays one announcement for many reports. Each call answers once
 * its announcement is out.
 */
export function createUsageRecording(db: Db) {
  const announcements = createWriteBatches<number, void>({
    write: async (ids) => {
      await announceUsageChanged(db, ids);
      return ids.map(() => ({ ok: undefined }));
    },
    concurrency: 1,
    maxBatch: 500,
  });

  return async function recordUsageFor(
    subscriptionId: number,
    reports: UsageReport[],
  ): Promise<RecordedUsage> {
    const { accepted, pages, counted } = await insertReportsCounted(db, subscriptionId, reports, {
      lock: usageCounterStatement.lock(subscriptionId),
      accrue: (added) => usageCounterStatement.accrue(subscriptionId, added),
    });
    const counters = usageCounterStatement.read(counted);
    if (counters) await announcements.submit(subscriptionId);
    return { accepted, duplicates: reports.length - accepted, pages, counters };
  };
}

export type UsageRecording = ReturnType<typeof createUsageRecording>;
