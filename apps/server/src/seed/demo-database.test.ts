import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-app';
import { loadConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { openRuntime } from '../runtime';
import { DEMO_DATABASE_REFUSED } from './demo-database';
import { DEMO_OPERATOR_EMAIL } from './operator';

// DEMO=1 with a production DATABASE_URL must not install the demo's published accounts: demo mode
// fills only an empty database and marks it as its own; any other it refuses with a message.

const adminUrl = process.env.TEST_DATABASE_URL;
const opened: Database[] = [];

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function emptyDatabase() {
  const database = await createTestDatabase();
  opened.push(database);
  const [{ name }] = await queryRows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return { database, url: url.toString() };
}

const demoOn = (url: string) =>
  openRuntime(loadConfig({ DEMO: '1', DATABASE_URL: url, LOG_LEVEL: 'silent' }));

const operators = async (database: Database) =>
  queryRows(database.db, sql`SELECT id FROM persons WHERE email = ${DEMO_OPERATOR_EMAIL}`);

describe.skipIf(!adminUrl)('demo mode on PostgreSQL', () => {
  it('refuses a database holding what it did not put there, and changes nothing in it', async () => {
    const { database, url } = await emptyDatabase();
    await database.db.execute(
      sql`INSERT INTO organizations (company_name, addr1, city, country, zip) VALUES ('Real Customer Ltd', '1 Main St', 'Leeds', 'GB', 'LS1 1AA')`,
    );
    await expect(demoOn(url)).rejects.toThrow(DEMO_DATABASE_REFUSED);
    expect(await operators(database)).toEqual([]);
    expect(await queryRows(database.db, sql`SELECT key FROM settings WHERE key = 'demoDatabase'`)).toEqual(
      [],
    );
  });

  it('fills an empty database, marks it, and opens it again (a restart, a second process)', async () => {
    const { database, url } = await emptyDatabase();
    const first = await demoOn(url);
    await first.database.close();
    expect(await operators(database)).toHaveLength(1);
    const again = await demoOn(url);
    await again.database.close();
    expect(await operators(database)).toHaveLength(1);
  });
});
