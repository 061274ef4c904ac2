import { ID_PATTERN } from '@store/core';

/** The routes of the served OpenAPI document, their security and how their paths are filled in (api-robustness.ts derives bad input from them). */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface Route {
  method: Method;
  /** OpenAPI form: /api/subscription/{id} */
  path: string;
  params: Array<{ name: string; schema: JsonSchema }>;
  body?: JsonSchema;
  /** The route's declared security requirements (alternatives of schemes that must all hold). */
  security?: Array<Record<string, string[]>>;
  /** The operation's name in generated clients. */
  operationId?: string;
  /** The role a person needs (the operation's x-required-right), if any. */
  requiredRight?: string;
}

interface OpenApiOperation {
  operationId?: string;
  'x-required-right'?: string;
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, string[]>>;
}

/** What a browser's session must meet: every requirement but an organization API token's (its scope). */
const sessionRequirements = (route: Route) => (route.security ?? []).filter((r) => !('apiToken' in r));
const requiresScheme = (route: Route, scheme: string) =>
  sessionRequirements(route).length > 0 && sessionRequirements(route).every((r) => scheme in r);
/** Declared to need a valid bearer token: 401 without one. */
export const requiresToken = (route: Route) => requiresScheme(route, 'bearer');
/** Declared to need the XSRF echo: 403 without it. */
export const requiresXsrf = (route: Route) => requiresScheme(route, 'xsrf');

/** How the API writes ids in paths (core's ID_PATTERN). */
export const isIdSchema = (schema: JsonSchema) =>
  schema.type === 'integer' || schema.type === 'number' || schema.pattern === ID_PATTERN.source;

/** Every documented route but the documentation itself. */
export function routesOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs') || path === '/api/openapi.json') continue;
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(upper)) continue;
      routes.push({
        method: upper as Method,
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        security: op.security,
        operationId: op.operationId,
        requiredRight: op['x-required-right'],
      });
    }
  }
  return routes;
}

/** A harmless value for a path parameter: an id nobody has, a name nothing matches. */
function defaultParam(name: string, schema: JsonSchema): string {
  if (isIdSchema(schema)) return '999999';
  if (name === 'address') return 'nobody-robustness@example.com';
  return 'zz-robustness-unknown';
}

export function fillPath(route: Route, values: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value !== undefined) return value;
    const param = route.params.find((p) => p.name === name);
    return encodeURIComponent(defaultParam(name, param?.schema ?? {}));
  });
}
