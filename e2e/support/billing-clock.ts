import pg from 'pg';
import { testWithServer } from './smtp';

// Specs whose renewals come due: a server of their own whose billing scheduler ticks every second, and
// whose demo clock (what `npm run ops -- clock:advance` writes) they move in its PostgreSQL database.

/** The spec's test on a server of its own, named `name`; skipped without a PostgreSQL server. */
export function testWithBillingClock(name: string) {
  const test = testWithServer(
    () => name,
    () => ({ BILLING_INTERVAL_SECONDS: '1' }),
  );
  // The embedded database is held by the server's process: its clock cannot be moved from outside.
  test.skip(
    !process.env.E2E_DATABASE_URL,
    'needs a PostgreSQL server: set E2E_DATABASE_URL (npm test sets it from DATABASE_URL)',
  );
  return test;
}

/** Moves the server's demo clock to `days` after the real date. */
export async function moveDemoClock(databaseUrl: string | undefined, days: number) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO settings (key, value) VALUES ('demoClock', $1::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify({ offsetMs: days * 86_400_000 })],
    );
  } finally {
    await db.end();
  }
}
