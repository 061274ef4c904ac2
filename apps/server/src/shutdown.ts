/** The cut: a second before the promised 10 s, so a loaded machine still sees the process gone by then. */
const SHUTDOWN_GRACE_MS = 9_000;

/**
 * SIGTERM/SIGINT (docs/design.md §4): `close` finishes what is in flight (requests, the current pass of
 * each job, the mail being sent), the log is written out, then the process exits; whatever still hangs
 * after 9 s is cut. The cut is armed first and does nothing but exit: no log line, no flush, nothing
 * that can throw or wait on a stdout whose reader has gone or stopped reading.
 */
export function exitOnSignals(
  logger: { info(obj: object | string, msg?: string): void; error(obj: object | string, msg?: string): void },
  close: () => Promise<void>,
  closeLog: () => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    let code = 0;
    try {
      logger.info({ signal }, 'shutting down: finishing the work in flight');
      await close();
      logger.info('stopped');
    } catch (error) {
      code = 1;
      logger.error({ err: error }, 'shutdown failed');
    }
    await closeLog();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
