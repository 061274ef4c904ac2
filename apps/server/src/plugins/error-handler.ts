import { EMAIL_MAX, type ErrorCode } from '@store/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { DomainError } from '../lib/domain-error';
import { codeFor } from '../lib/http-error';

type Issue = { path?: PropertyKey[]; instancePath?: string; message: string; params?: unknown };

/**
 * Zod's own messages ("Invalid input: expected number, received string"), which do not say what was
 * invalid and which only a program sending a malformed body meets; the store's schemas give every
 * field a message a person reads, naming it ("Email is required").
 */
const UNNAMED = /^(Invalid|Too (big|small)|Unrecognized|Expected)\b/;

/**
 * The first problem, never a stack: the message as a person reads it (zod's own led by the field),
 * and the field as the API document names it, for programs.
 */
function describeIssues(issues: Issue[]): { message: string; field?: string } {
  const first = issues[0];
  if (!first) return { message: 'The request is not valid.' };
  const path = first.path
    ? first.path.map(String).join('.')
    : (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const field = path ? { field: path } : {};
  if ((first.params as { standalone?: boolean } | undefined)?.standalone)
    return { message: first.message, ...field };
  if (path && UNNAMED.test(first.message)) return { message: `${path}: ${first.message}`, ...field };
  return { message: first.message, ...field };
}

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22xxx): a value no schema caught (a number out of
 * range, a date that does not exist, an offset beyond ±15:59, NUL in text). A backstop behind the
 * schemas, for the whole class: bad input must never become a 500. Said in words, never echoed.
 */
const BAD_VALUE_MESSAGES: Array<[codes: string[], message: string]> = [
  [['22003', '22012', '22P03'], 'A number in the request is out of range.'],
  [
    ['22007', '22008', '22009', '22015', '2200B', '2200D', '2200F', '22016', '22018'],
    'A date or time in the request is out of range or not valid.',
  ],
  [
    ['22021', '22P05', '22P06', '22024', '22025', '2200C'],
    'A text in the request holds a character that is not allowed.',
  ],
  [['22P02', '22P01', '22P04'], 'A value in the request is not written as its type requires.'],
  [['22001'], 'A text in the request is too long.'],
];
function badValueMessage(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) continue;
    const known = BAD_VALUE_MESSAGES.find(([codes]) => codes.includes(code));
    return known?.[1] ?? 'A value in the request is out of range or not allowed.';
  }
  return null;
}

/**
 * What the framework's own refusals mean to a person, with a code of the closed set: its FST_*
 * codes and messages (which may echo a whole path or body) never reach a client.
 */
const FRAMEWORK_ERRORS: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'The request body is not valid JSON.', code: 'BAD_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The request body is not valid JSON.', code: 'BAD_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'Send the request body as JSON.',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    message: 'The request body does not match its Content-Length.',
    code: 'BAD_REQUEST',
  },
  FST_ERR_BAD_URL: { message: 'The address of the request is not a valid URL.', code: 'BAD_REQUEST' },
  FST_ERR_MAX_PARAM_LENGTH: { message: 'A part of the address is too long.', code: 'URI_TOO_LONG' },
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  413: 'The request is too large.',
  414: 'The address of the request is too long.',
  415: 'Send the request body as JSON.',
};

/**
 * The longest path parameter the router hands to validation, in UTF-16 units as it measures them:
 * the longest any schema accepts (an e-mail address, EMAIL_MAX characters) with every character
 * outside the Basic Multilingual Plane (two units each). A longer one cannot be valid: 414.
 */
export const MAX_PATH_PARAM_LENGTH = 2 * EMAIL_MAX;

/** The method and path of a request, cut short: an answer never echoes a huge address back. */
function describeEndpoint(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return `${request.method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path}`;
}

function sendFrameworkError(error: FastifyError, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code];
  const status = error.statusCode ?? 400;
  return reply.status(status).send(
    known ?? {
      message: STATUS_MESSAGES[status] ?? 'The request is not valid.',
      code: codeFor(status),
    },
  );
}

/** Errors Fastify answers before any route runs (a malformed URL, an over-long path parameter). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return sendFrameworkError(error, reply);
}

/** Every failure leaves as `{ message, code }` with a code of the closed set (docs/conventions.md). */
export function registerErrorHandler(
  app: FastifyInstance,
  hasOverlongParam: (url: string) => boolean = () => false,
): void {
  app.setErrorHandler((error: FastifyError | DomainError | z.core.$ZodError, request, reply) => {
    if (error instanceof DomainError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        instancePath: v.instancePath,
        message: v.message ?? 'is not valid',
        // A custom issue's own params sit one level down in the provider's validation entry.
        params: (v.params as { params?: unknown } | undefined)?.params,
      }));
      return reply.status(400).send({ ...describeIssues(issues), code: 'VALIDATION' });
    }
    if (error instanceof z.core.$ZodError) {
      return reply.status(400).send({ ...describeIssues(error.issues), code: 'VALIDATION' });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return sendFrameworkError(error as FastifyError, reply);
    const badValue = badValueMessage(error);
    if (badValue) return reply.status(400).send({ message: badValue, code: 'BAD_VALUE' });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
  app.setNotFoundHandler((request, reply) => sendUnmatchedApi(request, reply, hasOverlongParam));
}

/**
 * What an /api/ address no route matched answers: 414 when it is a route's address with a path
 * parameter too long for the router, else 404 naming the endpoint.
 */
export function sendUnmatchedApi(
  request: FastifyRequest,
  reply: FastifyReply,
  hasOverlongParam: (url: string) => boolean,
) {
  if (hasOverlongParam(request.url)) return reply.status(414).send(FRAMEWORK_ERRORS.FST_ERR_MAX_PARAM_LENGTH);
  return reply.status(404).send(noSuchEndpoint(request));
}

/** The API's answer for an /api/ path no route serves (also used by the SPA's catch-all). */
export const noSuchEndpoint = (request: FastifyRequest) => ({
  message: `No such endpoint: ${describeEndpoint(request)}`,
  code: 'NOT_FOUND' as const,
});
