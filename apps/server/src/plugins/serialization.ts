import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';

type ZodType = z.core.$ZodType;
type RouteSchema = ZodType | { properties: ZodType };

const zodOf = (schema: RouteSchema): ZodType => ('properties' in schema ? schema.properties : schema);

/**
 * The serializer of every answer (docs/decisions/019): the route's zod response schema as JSON
 * Schema, compiled by fast-json-stringify. It writes only the documented properties (what zod's
 * stripping did) and throws on a missing required one; it does not re-validate formats and ranges
 * of answers the server built itself (zod's encode did, and cost most of a large answer's time).
 * The tests still hold every answer to the published document (test/response-contract.ts). A schema
 * JSON Schema cannot express (a transform) keeps zod's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<RouteSchema> = (route) => {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(zodOf(route.schema), {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
    }) as Record<string, unknown>;
  } catch {
    return zodSerializerCompiler(route);
  }
  delete jsonSchema.$schema;
  return fastJson(jsonSchema) as (data: unknown) => string;
};

/**
 * Sends an answer the route's own serializer already wrote (`reply.serialize`), e.g. one kept by a
 * read cache: a string with a JSON content type goes out as it is, not serialized again.
 */
export function sendSerialized(reply: FastifyReply, json: string | null): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
