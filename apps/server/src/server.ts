import { loadConfigOrExit } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { startRuntime } from './runtime';
import { DemoDatabaseRefused } from './seed/demo-database';
import { DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_TOTP_SECRET } from './seed/operator';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD } from './seed/organizations';
import { exitOnSignals } from './shutdown';

async function main() {
  const config = loadConfigOrExit();
  const { app, database, logger, closeLog } = await startRuntime(config);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  logger.info({ url, mode: config.mode, runJobs: config.runJobs }, `store running at ${url}`);
  if (config.mode === 'demo') {
    logger.info(`demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (organization '${DEMO_COMPANY}')`);
    logger.info(
      `Operator: ${DEMO_OPERATOR_EMAIL} / ${DEMO_PASSWORD}, two-factor secret ${DEMO_OPERATOR_TOTP_SECRET}`,
    );
  }
  // Stop accepting, answer the requests in flight, let the jobs end their current step, close the pool.
  exitOnSignals(
    logger,
    async () => {
      await app.close();
      await database.close();
    },
    closeLog,
  );
}

main().catch((error) => {
  // Refusals a person can act on are said in their words; anything else with its stack.
  const told = error instanceof DemoDatabaseRefused || error instanceof DataDirInUseError;
  console.error(told ? error.message : error);
  process.exit(1);
});
