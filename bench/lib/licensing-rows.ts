// The rows the licensing benchmark writes (copies of demo subscriptions with keys of their own) and counts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * `count` copies of the demo subscription described `template`, each with its own license key; a
 * `floating` copy may lease as many seats as a run checks out (the figure is the checkout's cost, not a
 * refusal's).
 */
export async function makeLicenseKeys(
  databaseUrl: string,
  opts: { template: string; count: number; floating?: boolean },
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
       WHERE table_name = 'subscriptions' AND column_name NOT IN ('id', 'api_key1', 'created_at')`,
    );
    const list = columns.map((c) => `"${c.name}"`).join(', ');
    const keys = Array.from({ length: opts.count }, () => randomBytes(24).toString('hex'));
    await client.query(
      `INSERT INTO subscriptions (api_key1, ${list})
       SELECT k, ${list} FROM subscriptions, unnest($1::text[]) AS k
       WHERE id = (SELECT min(id) FROM subscriptions WHERE description = $2)`,
      [keys, opts.template],
    );
    if (opts.floating) {
      await client.query('UPDATE subscriptions SET number_machines = 1000000 WHERE api_key1 = ANY($1)', [
        keys,
      ]);
    }
    return keys;
  } finally {
    await client.end();
  }
}

/** The usage reports stored now. */
export async function countReports(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM usage_reports');
  await client.end();
  return Number(rows[0]?.n ?? 0);
}

/** The usage reports stored once the count stops moving (the store writes them in batches). */
export async function settledReportCount(databaseUrl: string): Promise<number> {
  let last = await countReports(databaseUrl);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await countReports(databaseUrl);
    if (now === last) return now;
    last = now;
  }
}
