import { SCIM_MEDIA_TYPE, ScimMessages, ScimProblem, ScimSchemas, type ScimType } from '@store/core';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from '../../db/unavailable';
import { DomainError } from '../../lib/domain-error';

// Every SCIM refusal leaves as RFC 7644 §3.12 says: the Error schema, the status as a string,
// scimType where one applies, and a detail a person reads. The store's own `{ message, code }`
// shape is the API's, not the protocol's (docs/decisions/038).

export const scimError = (status: number, detail: string, scimType: ScimType | null = null) => ({
  schemas: [ScimSchemas.error],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/** A store refusal in SCIM's terms: an address already in use is SCIM's uniqueness conflict. */
function fromDomainError(error: DomainError) {
  if (error.code === 'EMAIL_IN_USE') return scimError(409, ScimMessages.userNameTaken, 'uniqueness');
  if (error.code === 'VALIDATION' || error.code === 'BAD_VALUE')
    return scimError(error.statusCode, error.message, 'invalidValue');
  return scimError(error.statusCode, error.message);
}

const FRAMEWORK_DETAILS: Record<string, [string, ScimType | null]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['The request body is not valid JSON.', 'invalidSyntax'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['The request body is not valid JSON.', 'invalidSyntax'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [ScimMessages.mediaType, null],
  FST_ERR_CTP_BODY_TOO_LARGE: ['The request is too large.', null],
};

function send(reply: FastifyReply, body: ReturnType<typeof scimError>) {
  return reply.status(Number(body.status)).type(SCIM_MEDIA_TYPE).send(body);
}

export function registerScimErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | DomainError | ScimProblem, request, reply) => {
    if (error instanceof ScimProblem) {
      if (error.status === 401) reply.header('www-authenticate', 'Bearer');
      return send(reply, scimError(error.status, error.message, error.scimType));
    }
    if (error instanceof DomainError) {
      reply.headers(error.headers);
      if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer');
      return send(reply, fromDomainError(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? ScimMessages.badRequest;
      const detail = field && !message.startsWith(field) ? `${field}: ${message}` : message;
      return send(reply, scimError(400, detail, 'invalidValue'));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const [detail, scimType] = FRAMEWORK_DETAILS[(error as FastifyError).code] ?? [
        ScimMessages.badRequest,
        null,
      ];
      return send(reply, scimError(status, detail, scimType));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return send(reply, scimError(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, scimError(500, ScimMessages.internal));
  });
}
