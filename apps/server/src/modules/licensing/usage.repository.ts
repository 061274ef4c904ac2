import type { UsageAlertLevel } from '@store/core';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// SQL of usage reports, their daily rollups and the usage alerts sent, which licensing owns.

/** A usage report as an engine sends it (licensing.md); `time` is an ISO 8601 instant. */
export interface UsageReport {
  transactionId: string;
  hostname: string;
  pages: number;
  time: string;
}

const inputOf = (reports: readonly UsageReport[]) =>
  sql`SELECT DISTINCT ON ("transactionId") "transactionId" AS transaction_id, hostname, pages,
        time AS reported_at
      FROM jsonb_to_recordset(${JSON.stringify(reports)}::jsonb)
        AS r("transactionId" text, hostname text, pages int, time timestamptz)
      ORDER BY "transactionId"`;

const rollupsOf = (subscriptionId: number) =>
  sql`INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
      SELECT ${subscriptionId}, hostname, (reported_at AT TIME ZONE 'UTC')::date, sum(pages)::bigint
      FROM ins GROUP BY 2, 3 ORDER BY 3, 2
      ON CONFLICT (subscription_id, day, hostname) DO UPDATE SET pages = usage_rollups.pages + excluded.pages
      RETURNING 1`;

/** The new reports, from `source` (`input` joined to whatever else), under `id`; repeats are ignored. */
const newReports = (id: SQL, source: SQL) =>
  sql`INSERT INTO usage_reports (subscription_id, transaction_id, hostname, pages, reported_at)
      SELECT ${id}, transaction_id, hostname, pages, reported_at FROM ${source}
      ON CONFLICT (subscription_id, transaction_id) DO NOTHING
      RETURNING hostname, pages, reported_at`;

/** What a statement of the reports answers: how many and how many pages were new. */
const TALLY = sql`(SELECT count(*) FROM ins)::int AS accepted,
  (SELECT coalesce(sum(pages), 0) FROM ins)::bigint AS pages,
  (SELECT count(*) FROM up)::int AS rollups`;

/**
 * Inserts the reports (one JSON parameter, read by its own field names; a repeated transaction id is
 * ignored by the unique index) and adds only what was inserted to the daily per-host rollups, under
 * the caller's transaction and row lock (late months of offline usage files). Answers how many
 * reports and pages were new.
 */
export async function insertReports(
  tx: DbOrTx,
  subscriptionId: number,
  reports: readonly UsageReport[],
): Promise<{ accepted: number; pages: number }> {
  const rows = await queryRows<{ accepted: number; pages: string | number }>(
    tx,
    sql`WITH input AS (${inputOf(reports)}),
        ins AS (${newReports(sql`${subscriptionId}`, sql`input`)}),
        up AS (${rollupsOf(subscriptionId)})
        SELECT ${TALLY}`,
  );
  return { accepted: Number(rows[0]?.accepted ?? 0), pages: Number(rows[0]?.pages ?? 0) };
}

/**
 * insertReports as one statement that also locks the subscription's row first and adds the new
 * pages to its counter: the two parts the subscriptions module writes (`lock` and `accrue`, CTE
 * bodies). Answers what insertReports does and the statement's row, with `accrue`'s columns when it
 * counted anything.
 */
export async function insertReportsCounted(
  db: DbOrTx,
  subscriptionId: number,
  reports: readonly UsageReport[],
  counter: { lock: SQL; accrue: (added: SQL) => SQL },
): Promise<{ accepted: number; pages: number; counted: Record<string, unknown> | undefined }> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`WITH locked AS MATERIALIZED (${counter.lock}),
        input AS (${inputOf(reports)}),
        -- Joined to the lock, so no report is written before the row is held.
        ins AS (${newReports(sql`locked.id`, sql`input, locked`)}),
        up AS (${rollupsOf(subscriptionId)}),
        counted AS (${counter.accrue(sql`SELECT coalesce(sum(pages), 0)::bigint FROM ins`)})
        SELECT ${TALLY}, counted.* FROM (SELECT 1) AS one LEFT JOIN counted ON true`,
  );
  return { accepted: Number(row?.accepted ?? 0), pages: Number(row?.pages ?? 0), counted: row };
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
