import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-error';

type Issue = { path?: PropertyKey[]; instancePath?: string; message: string };

/** "field: message" for the first problem: what a person can act on, never a stack. */
function describeIssues(issues: Issue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const path = first.path
    ? first.path.map(String).join('.')
    : (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return path ? `${path}: ${first.message}` : first.message;
}

/**
 * PostgreSQL's "data exception" class: a value no schema caught (out of range, NUL in text). A
 * backstop behind the schemas: bad input must never become a 500.
 */
const BAD_VALUE_CODES = new Set(['22003', '22021', '22P05', '22P02', '22008', '22007']);
function isBadValueForDatabase(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && BAD_VALUE_CODES.has(code)) return true;
  }
  return false;
}

/** Every failure leaves as `{ message, code }` (CONVENTIONS.md: one error shape). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        instancePath: v.instancePath,
        message: v.message ?? 'is not valid',
      }));
      return reply.status(400).send({ message: describeIssues(issues), code: 'VALIDATION' });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: describeIssues(error.issues), code: 'VALIDATION' });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'Send the request body as JSON.'
            : (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
                (error as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is not valid JSON.'
              : error.message;
      return reply.status(status).send({ message, code: (error as FastifyError).code ?? 'BAD_REQUEST' });
    }
    if (isBadValueForDatabase(error)) {
      return reply
        .status(400)
        .send({ message: 'A value in the request is out of range or not allowed.', code: 'BAD_VALUE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    });
  });
}
