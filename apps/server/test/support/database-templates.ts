import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { ManualClock } from '../../src/lib/clock';
import { createOfflineLicenseService, signingKeySource } from '../../src/modules/licensing';
import { seedDemo } from '../../src/seed';
import { ADMIN_URL, createDatabase, dropDatabase } from './postgres';
import { TEST_START } from './test-start';

// Vitest's global setup of the server's tests: on PostgreSQL, the schema is migrated once and the
// demo seeded once, into two template databases; each test file's database is then a copy of one
// (CREATE DATABASE … TEMPLATE copies files), instead of running every migration and the seed again.

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: string | null;
    seededTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.TEST_DATABASE_URL) {
    project.provide('migratedTemplate', null);
    project.provide('seededTemplate', null);
    return async () => undefined;
  }
  const tag = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const migrated = `tpl_migrated_${tag}`;
  const seeded = `tpl_seeded_${tag}`;
  for (const [name, seed] of [
    [migrated, false],
    [seeded, true],
  ] as const) {
    const database = await openDatabase({ databaseUrl: await createDatabase(name, ADMIN_URL) });
    try {
      await migrate(database);
      if (seed) {
        const signingKeys = signingKeySource({ mode: 'demo' });
        await seedDemo(
          database.db,
          new ManualClock(TEST_START),
          createOfflineLicenseService({ signingKeys }),
        );
      }
    } finally {
      await database.close();
    }
  }
  project.provide('migratedTemplate', migrated);
  project.provide('seededTemplate', seeded);
  return async () => {
    await dropDatabase(migrated);
    await dropDatabase(seeded);
  };
}
