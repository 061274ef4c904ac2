import { OpsMessages } from '@store/core';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from './app';
import type { AppInput } from './app-deps';
import type { Config } from './config';
import { openDatabase, queryRows } from './db/client';
import { migrate } from './db/migrate';
import { createGateway } from './gateway';
import { type Clock, OffsetClock } from './lib/clock';
import { createMailer } from './mail';
import { startBillingScheduler } from './modules/billing/scheduler';
import { catalogIsEmpty } from './modules/catalog/catalog-overview';
import { startHousekeeping } from './modules/housekeeping/housekeeping';
import { seedDemo } from './seed';
import { seedDemoOperator } from './seed/operator';

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
  // Asynchronous writes: under load, lines logged while a write is in flight go out together rather
  // than one blocking write per line (two per request); pino flushes what is buffered on exit.
  const logger = pino({ level: config.logLevel }, pino.destination({ sync: false }));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'an idle database connection was closed'),
  });
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  let clock: Clock = { now: () => new Date() };
  if (config.mode === 'demo') {
    clock = await loadDemoClock(database.db);
    if (await seedDemo(database.db, clock)) logger.info('demo catalogue and organizations created');
    // Also into a demo database made before operators existed.
    await seedDemoOperator(database.db, config);
  }
  if (config.mode === 'production' && (await catalogIsEmpty(database.db)))
    logger.warn(OpsMessages.catalogEmpty);
  const gateway = await createGateway(config, database.db);
  const mailer = createMailer(config, logger);
  const built = await buildApp({ config, database, clock, gateway, mailer, logger });
  // Renewals, retries, deactivation and overage, every BILLING_INTERVAL_SECONDS (0 = off), claimed
  // in the database so any number of server processes bill each period once (DESIGN.md §1, §3).
  const scheduler = startBillingScheduler(
    { db: database.db, clock, gateway, mailer, logger, publicUrl: config.publicUrl },
    { intervalSeconds: config.billingIntervalSeconds },
  );
  built.app.addHook('onClose', () => scheduler.stop());
  const housekeeping = startHousekeeping(
    { database, clock, sessions: built.deps.sessions, logger },
    config.housekeepingIntervalSeconds * 1000,
  );
  built.app.addHook('onClose', () => housekeeping.stop());
  return { ...built, database, logger, clock, scheduler };
}
