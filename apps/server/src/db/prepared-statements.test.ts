import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL } from '../../test/support/postgres';
import { PREPARED_PER_CONNECTION, PreparingClient } from './prepared-statements';

// A connection prepares each parameterized statement once and runs it again by name; statements
// without parameters stay unnamed, and a connection stops preparing new texts at its bound.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
let client: PreparingClient;

// Prepared statements belong to the session: the server's own database serves, nothing is written.
beforeAll(async () => {
  if (!postgres) return;
  client = new PreparingClient({ connectionString: ADMIN_URL });
  await client.connect();
});
afterAll(() => client?.end());

const prepared = async () =>
  (
    await client.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements ORDER BY statement',
    )
  ).rows.map((r) => r.statement);

describe.skipIf(!postgres)('a connection of the store', () => {
  it('prepares a parameterized statement once and answers each run with its own values', async () => {
    const text = 'SELECT $1::int + 1 AS n';
    const answers = [];
    for (const v of [1, 2, 3]) answers.push((await client.query<{ n: number }>(text, [v])).rows[0]!.n);
    expect(answers).toEqual([2, 3, 4]);
    // The same text through a config object, as Drizzle sends it, is the same statement.
    expect((await client.query<{ n: number }>({ text, values: [9] })).rows[0]!.n).toBe(10);
    expect(await prepared()).toEqual([text]);
  });

  it('leaves a statement without parameters unnamed', async () => {
    await client.query('SELECT 1 AS one');
    expect(await prepared()).not.toContain('SELECT 1 AS one');
  });

  it('stops preparing new texts at its bound and still answers them', async () => {
    const before = (await prepared()).length;
    for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) {
      const res = await client.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1]);
      expect(res.rows[0]!.n).toBe(1 + i);
    }
    expect((await prepared()).length).toBe(PREPARED_PER_CONNECTION);
    expect(before).toBe(1);
  });
});
