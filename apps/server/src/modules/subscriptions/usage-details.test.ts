import { usageDateRanges } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { subscriptions } from '../../db/schema';

// The usage screen's answer against a plain reference: one row per host and range summed in SQL,
// assembled in JavaScript, as the screen was first built. Varied hosts (case, accents, digits) and
// four years of rollups dense around month ends, read with reset days 1 to 31 (clamped in short
// months), a reset date already passed, and none (calendar months).

let t: TestApp;
let id: number;

const HOSTS = ['render-01', 'Render-01', 'render-1', 'render-10', 'Ämter', 'zeta', 'a b', 'z-late'];

beforeAll(async () => {
  t = await createTestApp();
  const [flex] = await t.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.description, 'Flex Reporting'));
  id = flex!.id;
  const hostList = sql.raw(`ARRAY[${HOSTS.map((h) => `'${h}'`).join(',')}]`);
  // Every day from the 26th to the 3rd of each month, and the 15th, from mid-2025 to mid-2029; the
  // last host only reports from 2027 on, and some host-days report nothing.
  await t.db.execute(sql`
    INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
    SELECT ${id}, h.hostname, d::date,
           CASE WHEN h.idx = 3 AND extract(day FROM d) = 31 THEN 4398046511104
                ELSE 1 + (extract(doy FROM d)::int * 7919 + h.idx * 104729) % 997 END
    FROM generate_series('2025-06-01'::date, '2029-06-30'::date, interval '1 day') AS d,
         unnest(${hostList}) WITH ORDINALITY AS h(hostname, idx)
    WHERE (extract(day FROM d) >= 26 OR extract(day FROM d) <= 3 OR extract(day FROM d) = 15)
      AND (extract(doy FROM d)::int + h.idx) % 5 <> 0
      AND NOT (h.hostname = 'z-late' AND d < '2027-01-01')
    ON CONFLICT (subscription_id, day, hostname) DO UPDATE SET pages = excluded.pages
  `);
  // An engine that reported only 0 pages (an offline usage file of an idle site) is not listed.
  await t.db.execute(sql`
    INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
    SELECT ${id}, 'idle', d::date, 0
    FROM generate_series('2025-06-01'::date, '2029-06-30'::date, interval '7 days') AS d
  `);
});
afterAll(() => t.close());

type Answer = {
  description: string;
  refreshDate: string;
  totalPagesUsed: number;
  numMachines: number;
  dateRanges: string[];
  runs: { hostname: string; dateRangePages: number[]; totalPages: number }[];
};

async function reference(resetDate: string | null, now: Date): Promise<Answer> {
  const ranges = usageDateRanges(resetDate, now);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const bounds = [...ranges.map((r) => day(r.start)), day(ranges[ranges.length - 1]!.end)];
  const boundsArray = sql.raw(`ARRAY[${bounds.map((b) => `'${b}'::date`).join(',')}]`);
  const cells = await queryRows<{ hostname: string; bucket: number; pages: string | number }>(
    t.db,
    sql`SELECT hostname, width_bucket(day, ${boundsArray})::int AS bucket, sum(pages)::bigint AS pages
        FROM usage_rollups
        WHERE subscription_id = ${id} AND day >= ${bounds[0]}::date AND day < ${bounds[bounds.length - 1]}::date
        GROUP BY hostname, bucket
        ORDER BY hostname`,
  );
  const runs = new Map<string, number[]>();
  for (const cell of cells) {
    const row = runs.get(cell.hostname) ?? new Array(ranges.length).fill(0);
    runs.set(cell.hostname, row);
    row[Number(cell.bucket) - 1] += Number(cell.pages);
  }
  const last = ranges.length - 1;
  const list = [...runs.entries()]
    .map(([hostname, dateRangePages]) => ({
      hostname,
      dateRangePages,
      totalPages: dateRangePages.reduce((a, b) => a + b, 0),
    }))
    .filter((r) => r.totalPages > 0);
  list.sort((a, b) => b.totalPages - a.totalPages || a.hostname.localeCompare(b.hostname));
  return {
    description: 'Flex Reporting',
    refreshDate: ranges[last]!.end.toISOString(),
    totalPagesUsed: list.reduce((sum, r) => sum + (r.dateRangePages[last] ?? 0), 0),
    numMachines: list.filter((r) => (r.dateRangePages[last] ?? 0) > 0).length,
    dateRanges: ranges.map((r) => r.label),
    runs: list,
  };
}

describe('GET /api/subscription/:id/detailedFlexUsage over varied rollups', () => {
  const cases: [resetDate: string | null, now: string][] = [
    ['2027-01-31T00:00:00Z', '2027-01-10T08:00:00Z'],
    ['2027-03-31T00:00:00Z', '2027-03-10T08:00:00Z'],
    ['2027-05-31T12:00:00Z', '2027-05-31T00:00:00Z'],
    ['2028-02-29T12:00:00Z', '2028-02-20T08:00:00Z'],
    ['2028-03-29T00:00:00Z', '2028-03-01T08:00:00Z'],
    ['2027-02-28T00:00:00Z', '2027-02-27T23:59:59Z'],
    ['2027-04-30T00:00:00Z', '2027-04-30T10:00:00Z'],
    ['2027-06-30T00:00:00Z', '2027-08-02T10:00:00Z'],
    ['2026-12-30T00:00:00Z', '2027-01-05T10:00:00Z'],
    ['2027-05-29T00:00:00Z', '2027-05-01T00:00:00Z'],
    ['2027-07-01T00:00:00Z', '2027-06-30T23:00:00Z'],
    ['2027-06-15T00:00:00Z', '2027-06-14T00:00:00Z'],
    [null, '2027-12-31T23:00:00Z'],
    [null, '2028-03-01T00:00:00Z'],
  ];

  it.each(cases)('answers byte for byte as the reference (reset %s, now %s)', async (resetDate, now) => {
    await t.db
      .update(subscriptions)
      .set({ nextOverageBillingDate: resetDate ? new Date(resetDate) : null })
      .where(eq(subscriptions.id, id));
    t.clock.set(now);
    const api = await t.loginDemo();
    const res = await api.get(`/api/subscription/${id}/detailedFlexUsage`);
    expect(res.status).toBe(200);
    const expected = await reference(resetDate, new Date(now));
    expect(expected.runs.length).toBeGreaterThan(4);
    expect(expected.runs.map((r) => r.hostname)).not.toContain('idle');
    expect(res.raw.body).toBe(JSON.stringify(expected));
  });
});
