import type { ErrorCode } from '@store/core';

/** The one error shape of the API: `{ message, code }` with the HTTP status (docs/conventions.md). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: ErrorCode = codeFor(statusCode),
    public readonly extra: Record<string, unknown> = {},
    /** Headers the answer carries (Retry-After on a 429 or a 503). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
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

export const badRequest = (message: string, code?: ErrorCode) => new HttpError(400, message, code);
export const unauthorized = (message = 'Please sign in again.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, code?: ErrorCode, extra?: Record<string, unknown>) =>
  new HttpError(409, message, code, extra);
