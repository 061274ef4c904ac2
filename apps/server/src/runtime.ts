import { OpsMessages } from '@store/core';
import { buildApp } from './app';
import type { AppInput } from './app-deps';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { createGateway } from './gateway';
import { startJobs } from './jobs';
import { type Clock, OffsetClock } from './lib/clock';
import { createProcessLog } from './lib/logger';
import { createMailer } from './mail';
import { readDemoClockOffset } from './modules/billing';
import { createCatalogService } from './modules/catalog';
import { createSessionService } from './modules/identity';
import { createOfflineLicenseService, signingKeySource } from './modules/licensing';
import { seedDemo } from './seed';
import { claimDemoDatabase } from './seed/demo-database';
import { seedDemoOperator } from './seed/operator';

/** Loads the demo clock's offset (advanced by the operator's CLI) from the database. */
export async function loadDemoClock(db: AppInput['database']['db']): Promise<OffsetClock> {
  return new OffsetClock(await readDemoClockOffset(db));
}

/** What the server and the worker share, from configuration: log, database, migrations, demo data, gateway. */
export async function openRuntime(config: Config) {
  const log = createProcessLog(config.logLevel);
  const logger = log.logger;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'an idle database connection was closed'),
  });
  const closeAndThrow = async (error: unknown): Promise<never> => {
    await database.close();
    throw error;
  };
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  let clock: Clock = { now: () => new Date() };
  if (config.mode === 'demo') {
    // The embedded database is always the demo's own (production needs DATABASE_URL).
    if (database.kind === 'postgres') await claimDemoDatabase(database.db).catch(closeAndThrow);
    clock = await loadDemoClock(database.db);
    const licensing = createOfflineLicenseService({ signingKeys: signingKeySource(config) });
    if (await seedDemo(database.db, clock, licensing))
      logger.info('demo catalogue and organizations created');
    // Also into a demo database made before operators existed.
    await seedDemoOperator(database.db, clock, config);
  }
  if (config.mode === 'production' && (await createCatalogService({ db: database.db }).isEmpty()))
    logger.warn(OpsMessages.catalogEmpty);
  const gateway = await createGateway(config, database.db);
  return { logger, closeLog: log.close, database, clock, gateway };
}

type Runtime = Awaited<ReturnType<typeof openRuntime>>;

/** The background jobs of an opened runtime, with the session service of the process that runs them. */
function startRuntimeJobs(
  config: Config,
  { database, clock, gateway, logger }: Runtime,
  sessions: Parameters<typeof startJobs>[0]['sessions'],
) {
  return startJobs({
    config,
    database,
    clock,
    gateway,
    transport: createMailer(config, logger),
    sessions,
    logger,
  });
}

/** Everything a running server needs; with RUN_JOBS=1 (the default) the background jobs run here too. */
export async function startRuntime(config: Config) {
  const runtime = await openRuntime(config);
  const { logger, closeLog, database, clock, gateway } = runtime;
  const built = await buildApp({ config, database, clock, gateway, logger });
  // Renewals, retries, deactivation, overage, notices and the outbox, claimed in the database so
  // any number of processes do each once (docs/design.md §1, §3; decision 018).
  if (config.runJobs) {
    const jobs = startRuntimeJobs(config, runtime, built.deps.sessions);
    built.app.addHook('onClose', () => jobs.stop());
  }
  return { ...built, database, logger, closeLog, clock };
}

/** `npm run worker`: the background jobs alone, no HTTP (decision 018). */
export async function startWorker(config: Config) {
  const runtime = await openRuntime(config);
  const { logger, closeLog, database, clock } = runtime;
  const jobs = startRuntimeJobs(config, runtime, createSessionService({ db: database.db, clock }));
  return { jobs, database, logger, closeLog };
}
