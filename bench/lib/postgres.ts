import { randomBytes } from 'node:crypto';
import { createDatabase, dropDatabase } from '../../apps/server/test/support/postgres';

/** The PostgreSQL server the benchmarks make their databases on. */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** A new, empty database for one benchmark; `drop` removes it. */
export async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = await createDatabase(name, ADMIN_URL);
  return { url, drop: () => dropDatabase(name, ADMIN_URL) };
}
