import pino, { type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import SonicBoom from 'sonic-boom';

/**
 * What may never reach a log line even when a whole request or error is logged: credentials in
 * headers (the request log writes route patterns, never raw URLs: plugins/request-log.ts).
 */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-xsrf-token"]',
  'headers["stripe-signature"]',
];

/** A logger that writes JSON lines to `destination`, credentials in headers redacted. */
export function createLogger(level: string, destination: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED, censor: '[redacted]' } }, destination);
}

export interface ProcessLog {
  logger: Logger;
  /** Writes out what is buffered; resolves once written, or at once when the output is gone. */
  close(): Promise<void>;
}

/**
 * The process's log on stdout: JSON lines, or readable lines (pino-pretty) when stdout is a terminal.
 *
 * Writing can never stop the process: a SonicBoom of our own, asynchronous (lines logged while a write
 * is in flight go out together), whose errors (a closed pipe: EPIPE) silence it, and which registers no
 * flush on exit. pino.destination() registers one, and its synchronous flush retries a write to a
 * closed pipe forever, so a process whose reader had gone never exited, even on process.exit().
 */
export function createProcessLog(
  level: string,
  fd = 1,
  terminal = Boolean(process.stdout.isTTY),
): ProcessLog {
  const out = new SonicBoom({ fd, sync: false });
  let gone = false;
  out.on('error', () => {
    gone = true;
    out.write = () => true;
  });
  // Whatever else writes to stdout or stderr (console) must not crash on a reader that went away.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  const destination = terminal ? prettyLines(out) : out;
  const logger = createLogger(level, destination);
  return {
    logger,
    close: () =>
      new Promise<void>((resolve) => {
        if (gone) return resolve();
        out.once('close', () => resolve());
        out.once('error', () => resolve());
        // What is logged from here on is dropped: writing to an ended SonicBoom throws.
        out.write = () => true;
        out.end();
      }),
  };
}

/** Each JSON line as pino-pretty renders it, written synchronously to `out` in the order logged. */
function prettyLines(out: SonicBoom): { write(line: string): void } {
  const render = prettyFactory({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  return { write: (line) => out.write(render(line)) };
}
