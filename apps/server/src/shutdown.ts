const SHUTDOWN_GRACE_MS = 10_000;

/**
 * SIGTERM/SIGINT (DESIGN.md §4): `close` finishes what is in flight (requests, the current pass of
 * each job, the mail being sent), then the process exits; whatever still hangs after 10 s is cut.
 */
export function exitOnSignals(
  logger: { info(obj: object | string, msg?: string): void; error(obj: object | string, msg?: string): void },
  close: () => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing the work in flight');
    setTimeout(() => {
      logger.error(`shutdown took more than ${SHUTDOWN_GRACE_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await close();
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
