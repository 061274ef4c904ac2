import { loadConfigOrExit } from './config';
import { startWorker } from './runtime';
import { DemoDatabaseRefused } from './seed/demo-database';
import { exitOnSignals } from './shutdown';

// `npm run worker` (decision 018): billing, settling, the outbox sender and housekeeping, without
// HTTP, for deployments whose server processes run with RUN_JOBS=0.

async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    // The embedded database admits one process: the demo runs its jobs inside `npm start`.
    console.error('The worker needs DATABASE_URL (PostgreSQL shared with the server processes).');
    process.exit(1);
  }
  const { jobs, database, logger, closeLog } = await startWorker(config);
  logger.info({ mode: config.mode }, 'worker running: billing, settling, outbox, housekeeping');
  exitOnSignals(
    logger,
    async () => {
      await jobs.stop();
      await database.close();
    },
    closeLog,
  );
}

main().catch((error) => {
  console.error(error instanceof DemoDatabaseRefused ? error.message : error);
  process.exit(1);
});
