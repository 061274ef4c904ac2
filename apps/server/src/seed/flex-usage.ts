import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accrueFromRollups } from '../modules/subscriptions';

export const FLEX_HOSTS = [
  'render-01',
  'render-02',
  'batch-eu-01',
  'batch-us-01',
  'invoices-app',
  'nightly-reports',
];

/**
 * A year of usage for several hosts: daily rollups computed in SQL (weekday dips, growth over the
 * year, a host that joined later), plus the raw reports of the last two days rolled up the same way
 * the licensing API does. accruedRtusThisMonth is then the current cycle's total from the rollups.
 */
export async function seedFlexUsage(
  db: DbOrTx,
  subscriptionId: number,
  now: Date,
  monthlyTarget: number,
  hosts = FLEX_HOSTS,
) {
  const today = now.toISOString().slice(0, 10);
  const perHostDay = Math.max(1, Math.round(monthlyTarget / 30 / hosts.length));
  const hostList = sql.raw(`ARRAY[${hosts.map((h) => `'${h}'`).join(',')}]`);
  await db.execute(sql`
    INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
    SELECT ${subscriptionId}, h.hostname, d::date,
      greatest(0, round(${perHostDay}::numeric
        * (0.55 + 0.45 * (365 - (${today}::date - d::date)) / 365.0)
        * (CASE WHEN extract(isodow FROM d) >= 6 THEN 0.25 ELSE 1 END)
        * (0.6 + h.idx * 0.18)
        * (0.8 + ((extract(doy FROM d)::int * 7919 + h.idx * 104729) % 400) / 1000.0)))::bigint
    FROM generate_series(${today}::date - 364, ${today}::date - 2, interval '1 day') AS d,
         unnest(${hostList}) WITH ORDINALITY AS h(hostname, idx)
    WHERE NOT (h.idx = ${hosts.length} AND d < ${today}::date - 120)
  `);
  await db.execute(sql`
    INSERT INTO usage_reports (subscription_id, transaction_id, hostname, pages, reported_at)
    SELECT ${subscriptionId}, 'seed-' || ${subscriptionId} || '-' || h.hostname || '-' || n, h.hostname,
           1 + ((n * 37 + h.idx * 11) % ${Math.max(2, Math.round((perHostDay * 2) / 120))}),
           ${today}::date - 1 + (n * interval '22 minutes')
    FROM generate_series(0, 119) AS n, unnest(${hostList}) WITH ORDINALITY AS h(hostname, idx)
  `);
  await db.execute(sql`
    INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
    SELECT subscription_id, hostname, (reported_at AT TIME ZONE 'UTC')::date, sum(pages)
    FROM usage_reports WHERE subscription_id = ${subscriptionId}
    GROUP BY subscription_id, hostname, (reported_at AT TIME ZONE 'UTC')::date
    ON CONFLICT (subscription_id, day, hostname) DO UPDATE SET pages = usage_rollups.pages + excluded.pages
  `);
  // This cycle's usage so far, counted by the subscriptions module that owns the counter.
  await accrueFromRollups(db, subscriptionId);
}
