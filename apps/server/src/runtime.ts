import { sql } from 'drizzle-orm';
import pino from 'pino';
import { type AppInput, buildApp } from './app';
import type { Config } from './config';
import { openDatabase, queryRows } from './db/client';
import { migrate } from './db/migrate';
import { createGateway } from './gateway';
import { type Clock, OffsetClock } from './lib/clock';
import { createMailer } from './mail';
import { seedDemo } from './seed';

/** Loads the demo clock's offset (advanced by the operator's CLI) from the database. */
export async function loadDemoClock(db: AppInput['database']['db']): Promise<OffsetClock> {
  const rows = await queryRows<{ value: { offsetMs: number } }>(
    db,
    sql`SELECT value FROM settings WHERE key = 'demoClock'`,
  );
  return new OffsetClock(Number(rows[0]?.value?.offsetMs ?? 0));
}

/** Everything a running server needs, from configuration: database, migrations, demo data, gateway, mail. */
export async function startRuntime(config: Config) {
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  let clock: Clock = { now: () => new Date() };
  if (config.mode === 'demo') {
    clock = await loadDemoClock(database.db);
    if (await seedDemo(database.db, clock)) logger.info('demo catalogue and organizations created');
  }
  const gateway = await createGateway(config, database.db);
  const mailer = createMailer(config, logger);
  const built = await buildApp({ config, database, clock, gateway, mailer, logger });
  return { ...built, database, logger, clock };
}
