import type { UsageAlertLevel } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// SQL of usage reports, their daily rollups and the usage alerts sent, which licensing owns.

/** A usage report as an engine sends it (licensing.md); `time` is an ISO 8601 instant. */
export interface UsageReport {
  transactionId: string;
  hostname: string;
  pages: number;
  time: string;
}

/**
 * Inserts the reports (one JSON parameter, read by its own field names; a repeated transaction id is
 * ignored by the unique index) and adds only what was inserted to the daily per-host rollups. Answers
 * how many reports and pages were new.
 */
export async function insertReports(
  tx: DbOrTx,
  subscriptionId: number,
  reports: readonly UsageReport[],
): Promise<{ accepted: number; pages: number }> {
  const rows = await queryRows<{ accepted: number; pages: string | number }>(
    tx,
    sql`WITH input AS (
          SELECT DISTINCT ON ("transactionId") "transactionId" AS transaction_id, hostname, pages,
            time AS reported_at
          FROM jsonb_to_recordset(${JSON.stringify(reports)}::jsonb)
            AS r("transactionId" text, hostname text, pages int, time timestamptz)
          ORDER BY "transactionId"
        ),
        ins AS (
          INSERT INTO usage_reports (subscription_id, transaction_id, hostname, pages, reported_at)
          SELECT ${subscriptionId}, transaction_id, hostname, pages, reported_at FROM input
          ON CONFLICT (subscription_id, transaction_id) DO NOTHING
          RETURNING hostname, pages, reported_at
        ),
        agg AS (
          SELECT hostname, (reported_at AT TIME ZONE 'UTC')::date AS day, sum(pages)::bigint AS pages
          FROM ins GROUP BY 1, 2 ORDER BY 2, 1
        ),
        up AS (
          INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
          SELECT ${subscriptionId}, hostname, day, pages FROM agg
          ON CONFLICT (subscription_id, day, hostname) DO UPDATE SET pages = usage_rollups.pages + excluded.pages
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM ins)::int AS accepted,
               (SELECT coalesce(sum(pages), 0) FROM ins)::bigint AS pages,
               (SELECT count(*) FROM up)::int AS rollups`,
  );
  return { accepted: Number(rows[0]?.accepted ?? 0), pages: Number(rows[0]?.pages ?? 0) };
}

/** Records the levels not yet recorded for the cycle; answers those this call recorded. */
export async function recordAlerts(
  db: DbOrTx,
  subscriptionId: number,
  cycleEnd: string,
  levels: UsageAlertLevel[],
  now: Date,
): Promise<UsageAlertLevel[]> {
  const rows = await queryRows<{ level: UsageAlertLevel }>(
    db,
    sql`INSERT INTO usage_alerts (subscription_id, cycle_end, level, sent_at)
        SELECT ${subscriptionId}, ${cycleEnd}::date, v.level, ${now.toISOString()}::timestamptz
        FROM (VALUES ${sql.join(
          levels.map((level) => sql`(${level}::text)`),
          sql`, `,
        )}) AS v(level)
        ON CONFLICT DO NOTHING RETURNING level`,
  );
  return rows.map((r) => r.level);
}
