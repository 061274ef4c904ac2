import { Writable } from 'node:stream';
import { createLogger } from '../../src/lib/logger';

/** The store's logger (redaction included) writing into memory: what a test can search. */
export function capturedLog(level = 'trace') {
  const lines: string[] = [];
  const logger = createLogger(
    level,
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { logger, text: () => lines.join('') };
}
