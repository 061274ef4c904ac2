import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// The subscription's usage figures from the daily rollups of usage reports (docs/design.md §5), in SQL:
// the usage screen's per-host ranges and the month's counter rebuilt from the rollups (the demo).

export type HostUsage = { hostname: string; rangePages: number[] };

/**
 * Per-host totals over the date ranges, from the daily rollups only (docs/design.md §5). `bounds` are the
 * ranges' start days plus the last range's end; width_bucket numbers the ranges 1..n. One row per
 * host, its ranges' totals as one JSON object: the driver parses fifty rows, not six hundred. A host
 * that used no RTUs in the ranges (an engine that reported 0 pages) has nothing to show and no row.
 */
export async function usageByHostAndRange(
  db: DbOrTx,
  subscriptionId: number,
  bounds: string[],
): Promise<HostUsage[]> {
  const first = bounds[0]!;
  const last = bounds[bounds.length - 1]!;
  const boundsArray = sql.raw(`ARRAY[${bounds.map((b) => `'${b}'::date`).join(',')}]`);
  const rows = await queryRows<{ hostname: string; pages: Record<string, number> | string }>(
    db,
    sql`SELECT hostname, json_object_agg(bucket, pages) AS pages
        FROM (SELECT hostname, width_bucket(day, ${boundsArray})::int AS bucket, sum(pages)::bigint AS pages
              FROM usage_rollups
              WHERE subscription_id = ${subscriptionId} AND day >= ${first}::date AND day < ${last}::date
              GROUP BY hostname, bucket
              HAVING sum(pages) > 0) cells
        GROUP BY hostname
        ORDER BY hostname`,
  );
  const ranges = bounds.length - 1;
  return rows.map((r) => {
    const rangePages = new Array<number>(ranges).fill(0);
    const pages = typeof r.pages === 'string' ? (JSON.parse(r.pages) as Record<string, number>) : r.pages;
    for (const [bucket, sum] of Object.entries(pages)) rangePages[Number(bucket) - 1] = Number(sum);
    return { hostname: r.hostname, rangePages };
  });
}

/**
 * Sets the month's usage counter to the rollups' total since the current usage month began (the
 * demo's usage, written as rollups). The billed figure keeps the start the subscription was created
 * with (the base RTUs its fee paid for, docs/design.md §3).
 */
export async function accrueFromRollups(db: DbOrTx, subscriptionId: number): Promise<void> {
  await db.execute(sql`
    UPDATE subscriptions s SET accrued_rtus_this_month = u.total
    FROM
      (SELECT coalesce(sum(pages), 0) AS total FROM usage_rollups r, subscriptions s2
        WHERE r.subscription_id = ${subscriptionId} AND s2.id = ${subscriptionId}
          AND r.day >= (s2.next_overage_billing_date - interval '1 month')::date) u
    WHERE s.id = ${subscriptionId}
  `);
}
