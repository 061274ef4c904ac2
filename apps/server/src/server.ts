import { ConfigError, loadConfig } from './config';
import { startRuntime } from './runtime';
import { DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_TOTP_SECRET } from './seed/operator';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD } from './seed/organizations';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database, logger } = await startRuntime(config);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  logger.info({ url, mode: config.mode }, `store running at ${url}`);
  if (config.mode === 'demo') {
    logger.info(`demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (organization '${DEMO_COMPANY}')`);
    logger.info(
      `Operator: ${DEMO_OPERATOR_EMAIL} / ${DEMO_PASSWORD}, two-factor secret ${DEMO_OPERATOR_TOTP_SECRET}`,
    );
  }
  // SIGTERM (DESIGN.md §4): stop accepting, answer the requests in flight, let the scheduled work end
  // its current pass, close the pool, exit; whatever still hangs after 10 s is cut by exiting.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing the requests in flight');
    setTimeout(() => {
      logger.error(`shutdown took more than ${SHUTDOWN_GRACE_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
