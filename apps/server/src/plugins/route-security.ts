import { type ApiTokenScope, ErrorBodySchema, isRole, type Role } from '@store/core';
import type { FastifySchema } from 'fastify';

// What a route declares of its security (docs/design.md §4): the schemes, the role, the token scopes
// and the error statuses they imply. registerRouteSecurity (route-security-hooks.ts) enforces them.

export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The engines' licensing API (docs/design.md §5): programs, not browsers. */
export const ENGINE_CALLS = '/api/licensing/';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_MESSAGE = 'The request is missing its XSRF token. Reload the page and try again.';

/** The OpenAPI security schemes a route may require (docs/design.md §4). */
export const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The token POST /api/authenticate answers, sent as Authorization: Bearer <token>.',
  },
  xsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: 'The value of the XSRF-TOKEN cookie the server sets, echoed by the browser (double submit).',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_org_…',
    description:
      "An organization API token (sk_org_…), made on the API & Webhooks screen by a person with the Developer role, sent as Authorization: Bearer <token>. A route admits a token only where its security names the token's scope; no XSRF header is needed, since no cookie is involved.",
  },
} as const;

/** The bearer role of the operator's routes (published in the OpenAPI document as the scheme's scope). */
const OPERATOR_ROLE = 'operator';

export type Requirement = Partial<Record<keyof typeof securitySchemes, string[]>>;

/**
 * What a route declares as its `schema.security`, read by the one hook below and published in the
 * OpenAPI document (docs/design.md §4, docs/decisions/009): the document and the enforcement cannot disagree.
 */
export const Access = {
  /** Anyone, and the Authorization header is not read: a stale token is no reason to fail. */
  public: [] as Requirement[],
  /** Anyone, from the browser: a mutation echoes the XSRF cookie. */
  publicMutation: [{ xsrf: [] }] as Requirement[],
  /** A signed-in person. */
  signedIn: [{ bearer: [] }] as Requirement[],
  /** A signed-in person changing something from the browser. */
  signedInMutation: [{ bearer: [], xsrf: [] }] as Requirement[],
  /** With or without a token; a valid one is read, an invalid one counts as none (logout). */
  optionalSignIn: [{}, { bearer: [] }] as Requirement[],
  /**
   * A store operator (core's Rights.Operator; docs/decisions/015). The bearer's `operator` role: to anyone
   * else, admins included, the route does not exist (404).
   */
  operator: [{ bearer: [OPERATOR_ROLE] }] as Requirement[],
  /** A store operator changing something from the console. */
  operatorMutation: [{ bearer: [OPERATOR_ROLE], xsrf: [] }] as Requirement[],
};

/**
 * A customer route that an organization API token holding `scope` may also call (docs/decisions/026):
 * `orToken(Access.signedInMutation, 'subscriptions:write')`. The scope is published as the `apiToken`
 * requirement's scope, and the hook below admits a token by it; a token never needs the XSRF echo.
 */
export const orToken = (security: Requirement[], scope: ApiTokenScope): Requirement[] => [
  ...security,
  { apiToken: [scope] },
];

/**
 * The API document's extension on an operation naming the role a person needs to call it
 * (docs/design.md §5a, docs/decisions/033): `admin`, `billing`, `licenses` or `developer`.
 */
export const REQUIRED_RIGHT = 'x-required-right';

/**
 * A signed-in route's role, spread into its schema beside its security:
 * `{ security: Access.signedInMutation, ...needs('billing') }`. Route security refuses a person
 * without the role (an administrator holds every role) with a 403 naming it, once the body is valid.
 * An API token's caller is no person: its scopes decide.
 */
export const needs = (role: Role) => ({ [REQUIRED_RIGHT]: role }) as const;

/** The role a route's schema declares, if any. */
export const requiredRole = (schema: object | undefined): Role | null => {
  const value = (schema as Record<string, unknown> | undefined)?.[REQUIRED_RIGHT];
  return isRole(value) ? value : null;
};

/** The scopes that admit a token to a route; none: tokens are refused there. */
export const tokenScopes = (security: Requirement[]): string[] => security.flatMap((r) => r.apiToken ?? []);
/** The requirements a browser's session meets (every one but the token's). */
const forSessions = (security: Requirement[]) => security.filter((r) => !('apiToken' in r));

export const requires = (security: Requirement[], scheme: keyof Requirement) => {
  const browser = forSessions(security);
  return browser.length > 0 && browser.every((r) => scheme in r);
};
export const reads = (security: Requirement[], scheme: keyof Requirement) =>
  security.some((r) => scheme in r);
/** Routes of the operator's console: they do not exist for anyone else (404). */
export const forOperators = (security: Requirement[]) =>
  security.length > 0 && security.every((r) => r.bearer?.includes(OPERATOR_ROLE));

const CARRIES_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses a route's own declarations imply (its method, params, body and security); the
 * route adds those of its rules. A body is parsed for every method that may carry one, so bad JSON,
 * a wrong media type or an oversized body can reach any such route; an over-long path parameter is
 * a 414 before validation.
 */
export function impliedErrorStatuses(schema: FastifySchema, methods: string[]): number[] {
  const security = (schema.security ?? []) as Requirement[];
  // Any route may meet a lost database (503 with Retry-After, db/unavailable.ts).
  const statuses = new Set<number>([500, 503]);
  if (schema.body || schema.params || schema.querystring || schema.headers) statuses.add(400);
  if (schema.params) statuses.add(414);
  if (schema.body || methods.some((m) => CARRIES_BODY.has(m))) {
    statuses.add(400);
    statuses.add(413);
    statuses.add(415);
  }
  if (requires(security, 'bearer')) {
    statuses.add(401);
    // A person who must set up two-factor sign-in first is refused elsewhere, and a person without
    // the route's role (x-required-right) everywhere.
    statuses.add(403);
  }
  if (requires(security, 'xsrf')) statuses.add(403);
  // A token without the route's scope is refused, and so is one calling faster than its limit.
  if (tokenScopes(security).length > 0) {
    statuses.add(403);
    statuses.add(429);
  }
  // Anyone but an operator is told the route does not exist.
  if (forOperators(security)) statuses.add(404);
  return [...statuses].sort();
}

/** `response` entries for error statuses: every error answer is `{ message, code }`. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));
