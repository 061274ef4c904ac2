import type { ErrorCode } from '@store/core';

/**
 * The HTTP status each code of the closed set is answered with: the error handler's one table, so a
 * service names what went wrong and never a status (docs/conventions.md "Domain errors").
 */
export const STATUS_OF_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  BAD_VALUE: 400,
  BAD_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNAUTHORIZED: 401,
  XSRF: 403,
  FORBIDDEN: 403,
  ROLE_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TOO_MANY_REQUESTS: 429,
  CONFLICT: 409,
  CURRENT_PASSWORD_REQUIRED: 400,
  CURRENT_PASSWORD_WRONG: 400,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  TWO_FACTOR_CODE_WRONG: 400,
  EMAIL_IN_USE: 409,
  CANNOT_DELETE_SELF: 409,
  LAST_ADMIN: 409,
  DEACTIVATED: 403,
  RESET_LINK_INVALID: 400,
  RESET_EMAIL_MISMATCH: 400,
  RESET_ORGANIZATION: 400,
  WEAK_PASSWORD: 400,
  // The gateway refused the card details themselves: the request is what is wrong.
  GATEWAY: 400,
  // The gateway did not answer: a bad gateway, and nothing was charged twice.
  GATEWAY_UNAVAILABLE: 502,
  CARD_NUMBER_REFUSED: 400,
  CARD_DECLINED: 402,
  UNKNOWN_PLAN: 400,
  PLAN_UNAVAILABLE: 400,
  MONTHLY_NOT_ALLOWED: 400,
  BILLING_INFO_REQUIRED: 400,
  PURCHASE_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  TOTAL_CHANGED: 409,
  PROMOTION_REFUSED: 400,
  PROMOTION_NOT_REDEEMED: 409,
  PROMOTION_CODE_TAKEN: 409,
  PAYMENT_IN_PROGRESS: 409,
  NOT_PAYABLE: 409,
  // A cancelled subscription is read-only: a 409. A license refused because its subscription was
  // cancelled answers 403 like every other refusal of a license (licenseRefused below).
  CANCELLED: 409,
  STALE_VERSION: 409,
  OFFLINE: 409,
  OFFLINE_NOT_ALLOWED: 409,
  BILL_OUTSTANDING: 409,
  OFFLINE_REISSUE_LIMIT: 409,
  PERPETUAL: 409,
  NO_PAYMENT_METHOD: 409,
  CANNOT_FLUSH: 409,
  // A license that may not run now (docs/design.md §5).
  EXPIRED: 403,
  SUSPENDED: 403,
  UNPAID: 403,
  // Answered inside a validation's 200, never thrown; a refusal like the others if it ever is.
  OVER_CAP: 403,
  NO_MACHINE: 404,
  HEARTBEAT_DEAD: 409,
  TOO_MANY_MACHINES: 409,
  // Floating licenses (docs/decisions/034): a full license, a lease gone or lapsed, the wrong kind of call.
  TOO_MANY_LEASES: 409,
  NO_LEASE: 404,
  LEASE_EXPIRED: 409,
  NOT_FLOATING: 409,
  FLOATING: 409,
  BORROW_LIMIT: 409,
  // Offline activation and usage files (docs/decisions/040): what the administrator uploaded is wrong.
  LICENSE_KEY_MISMATCH: 400,
  USAGE_FILE_TAMPERED: 400,
  UNKNOWN_LICENSE_FILE: 404,
  FINGERPRINT_MISMATCH: 400,
  RELEASE_CODE_WRONG: 404,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

type DomainErrorOptions = {
  /** Fields the answer carries beside message and code (TOTAL_CHANGED: the new total). */
  extra?: Record<string, unknown>;
  /** Headers the answer carries (Retry-After when the service is unavailable). */
  headers?: Record<string, string>;
};

/**
 * What a service throws when it refuses: a code of the closed set in core and the message a person
 * reads. The error handler alone turns it into `{ message, code }` with the code's status.
 */
export class DomainError extends Error {
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly statusCode: number;

  constructor(
    public readonly code: ErrorCode,
    message: string,
    // Named only where the code's row does not hold: a license's CANCELLED, and the platform's HttpError.
    options: DomainErrorOptions & { status?: number } = {},
  ) {
    const statusCode = options.status ?? STATUS_OF_CODE[code];
    // A refusal is an answer, not a fault: its stack is never shown nor logged, and capturing one was
    // a tenth of what a throttled engine's refused call cost. A server error keeps its stack.
    const stackTraceLimit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
    this.statusCode = statusCode;
  }
}

/** Bad input: the message a person reads, and the field it is about as the API document names it. */
export const badRequest = (message: string, field?: string) =>
  new DomainError('BAD_REQUEST', message, field ? { extra: { field } } : {});
export const forbidden = (message = 'You do not have permission to do that.') =>
  new DomainError('FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);

/**
 * A license that may not run now: 403 whatever the refusal's code, CANCELLED included (the
 * licensing API's contract, where a cancelled subscription elsewhere is a 409 conflict).
 */
export const licenseRefused = (refusal: { code: ErrorCode; message: string }) =>
  new DomainError(refusal.code, refusal.message, { status: 403 });
