import { findNulText, nulNotAllowed } from '@store/core';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { jsonSchemaTransform, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { HttpError } from '../lib/http-error';

/**
 * The validator of every route: no text anywhere in params, query or body may hold a NUL character
 * (license keys and passwords included), then the route's zod schema.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const at = findNulText(data);
    if (at !== null) return { error: new HttpError(400, nulNotAllowed(at), 'VALIDATION') };
    return validate(data);
  };
};

/**
 * One rule for query strings on every route (docs/decisions/023): a key the route does not declare
 * is refused with 400, as an unknown body field is. A route without query parameters declares an
 * empty set of them.
 */
export function refuseUnknownQueryKeys(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { querystring?: unknown; hide?: boolean } | undefined;
    if (!route.url.startsWith('/api/') || !schema || schema.hide || schema.querystring) return;
    schema.querystring = z.strictObject({});
  });
}

/** Text the validator accepts: no NUL character (U+0000), whatever else the field allows. */
const NO_NUL_PATTERN = '^[^\\u0000]*$';
type JsonSchema = { [key: string]: unknown };

/** Adds the NUL rule to every text of a request schema that no pattern, format or enum bounds yet. */
function stateNoNul(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) stateNoNul(item);
    return;
  }
  const s = schema as JsonSchema;
  if (s.type === 'string' && !s.pattern && !s.format && !s.enum && !('const' in s))
    s.pattern = NO_NUL_PATTERN;
  for (const value of Object.values(s)) stateNoNul(value);
}

/**
 * The API document's view of a route (fastify-type-provider-zod's), with what the validator checks
 * beyond the zod schemas stated too, so the document says exactly what the server refuses.
 */
export const documentedSchema: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const parts = result.schema as JsonSchema;
  for (const part of ['body', 'querystring', 'params', 'headers']) stateNoNul(parts[part]);
  return result;
};
