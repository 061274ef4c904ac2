// When the database is gone or refusing work, a request answers 503 with Retry-After instead of a
// 500 or a hang (docs/design.md §4); the pool opens new connections once PostgreSQL is back.

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own: connection exceptions (class 08), the server shutting down or starting
 * (57P01-57P03), too many connections (53300), a statement cancelled by statement_timeout (57014),
 * a session ended for idling in a transaction (25P03).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/** node-postgres reports a lost or timed-out connection by message only. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection refused',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))
    ) {
      return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
    // AggregateError: every address of the host refused.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** Seconds a client waits before trying again. */
export const RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The store cannot reach its database right now. Please try again in a few seconds.';
