import type { ErrorCode } from '@store/core';
import { DomainError } from './domain-error';

/**
 * A refusal by the platform, which speaks HTTP (authentication, XSRF, limits, methods): the status is
 * its own and the code, unless named, the status's generic one. Services throw DomainError.
 */
export class HttpError extends DomainError {
  constructor(
    statusCode: number,
    message: string,
    code: ErrorCode = codeFor(statusCode),
    extra: Record<string, unknown> = {},
    /** Headers the answer carries (Retry-After on a 429 or a 503). */
    headers: Record<string, string> = {},
  ) {
    super(code, message, { extra, headers, status: statusCode });
  }
}

/** The code of a status when the thrower names none: a generic one from the closed set. */
export function codeFor(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'UNAVAILABLE';
    default:
      return status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
  }
}

export const unauthorized = (message = 'Please sign in again.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
