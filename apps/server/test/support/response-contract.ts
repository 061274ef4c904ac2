import { Ajv, type ValidateFunction } from 'ajv';

/**
 * Holds every answer a test receives to the OpenAPI document the API publishes: the status must be
 * documented for the route, and a JSON body must match its schema. An answer that drifts from its
 * documentation fails a test rather than a customer's integration (docs/design.md §4).
 */

interface MediaType {
  schema?: object;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

interface DocumentedRoute {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  operation: Operation;
}

export type ResponseChecker = (answer: {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}) => string | null;

export function createResponseChecker(document: OpenApiDocument): ResponseChecker {
  // The document is OpenAPI 3.0 (nullable); formats are the server's concern, not the shape's.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  const routes: DocumentedRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      routes.push({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}$`),
        params: (path.match(/\{/g) ?? []).length,
        operation,
      });
    }
  }
  const compiled = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };

  return ({ method, url, status, contentType, body }) => {
    const path = url.split('?')[0] ?? url;
    // The router prefers the route with the fewest parameters (/api/person/all over /api/person/{id}).
    const route = routes
      .filter((r) => r.method === method && r.pattern.test(path))
      .sort((a, b) => a.params - b.params)[0];
    if (!route || status === 304) return null;
    // The router's own not-found answer (the path only looked like the route's) is not the route's.
    if (status === 404 && body.includes('"No such endpoint: ')) return null;
    // The address the server resolved (`%2e%2e` is `..`) lacks this method: not this operation's answer.
    if (status === 405 && body.includes('"This address answers ')) return null;
    const where = `${method} ${route.path} → ${status}`;
    const documented = route.operation.responses?.[String(status)];
    if (!documented) return `${where} is not a documented status`;
    const mediaType = contentType.split(';')[0]?.trim() ?? '';
    if (!mediaType && body === '') return null;
    const content = documented.content?.[mediaType];
    if (!content)
      return `${where} answered ${mediaType || 'no media type'}, documented: ${Object.keys(documented.content ?? {}).join(', ') || 'none'}`;
    if (mediaType !== 'application/json' || !content.schema) return null;
    const validate = validatorOf(content.schema);
    const json: unknown = body === '' ? undefined : JSON.parse(body);
    if (validate(json)) return null;
    const first = validate.errors?.[0];
    return `${where} does not match its schema: ${first?.instancePath || '(body)'} ${first?.message} in ${body.slice(0, 300)}`;
  };
}
