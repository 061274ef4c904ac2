import { timingSafeEqual } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  ApiTokenMessages,
  type ApiTokenScope,
  ErrorBodySchema,
  hasRole,
  isOperator,
  isRole,
  type Role,
  RoleMessages,
  TwoFactorMessages,
} from '@store/core';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ApiTokenResolver, SessionService } from '../lib/auth-context';
import { HttpError, notFound, unauthorized } from '../lib/http-error';
import { type Consumer, consumeOrRefuse } from '../lib/limits/refuse';
import { randomToken } from '../lib/tokens';
import { noSuchEndpoint } from './error-handler';

export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The engines' licensing API (docs/design.md §5): programs, not browsers. */
export const ENGINE_CALLS = '/api/licensing/';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_MESSAGE = 'The request is missing its XSRF token. Reload the page and try again.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered to a person who must set up two-factor sign-in first (their account, the set-up). */
    allowDuringTwoFactorSetup?: boolean;
  }
}

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

const requires = (security: Requirement[], scheme: keyof Requirement) => {
  const browser = forSessions(security);
  return browser.length > 0 && browser.every((r) => scheme in r);
};
const reads = (security: Requirement[], scheme: keyof Requirement) => security.some((r) => scheme in r);
/** Routes of the operator's console: they do not exist for anyone else (404). */
export const forOperators = (security: Requirement[]) =>
  security.length > 0 && security.every((r) => r.bearer?.includes(OPERATOR_ROLE));

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function bearerToken(header: string | undefined): string | null {
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

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

/**
 * The one place a request's security is checked, from the route's declaration, before anything
 * else reads the request (docs/design.md §4 "Order of checks"): 401 without a valid token, 404 on an
 * operator's route to anyone else (docs/decisions/015), then 403 without the XSRF echo; body and
 * params are validated after this hook, then the route's role (x-required-right) is checked, and
 * ownership in the service.
 */
export function registerRouteSecurity(
  app: FastifyInstance,
  opts: {
    sessions: SessionService;
    secureCookies: boolean;
    /** Organization API tokens and their per-token rate limit; without them every token is refused. */
    apiTokens?: { resolver: ApiTokenResolver; limit: Consumer };
  },
): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    const declared = (schema as Record<string, unknown> | undefined)?.[REQUIRED_RIGHT];
    // A role only means something for a person who signed in: declared elsewhere it would not be checked.
    if (
      declared !== undefined &&
      !(isRole(declared) && requires((schema?.security ?? []) as Requirement[], 'bearer'))
    ) {
      throw new Error(`${route.method} ${route.url}: ${REQUIRED_RIGHT} needs a role and a signed-in route`);
    }
    if (!schema || (schema as { hide?: boolean }).hide) return;
    const response = (schema.response ?? {}) as Record<string | number, unknown>;
    const methods = ([] as string[]).concat(route.method);
    schema.response = { ...errorResponses(...impliedErrorStatuses(schema, methods)), ...response };
    // The role is checked by a hook of the routes that declare one: the others (every engine call)
    // do not pay for a hook that has nothing to check.
    if (isRole(declared)) route.preHandler = [checkRole, ...[route.preHandler ?? []].flat()];
  });

  // A callback hook, so that a public route (every engine call) returns at once, without the promise
  // an async hook costs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[XSRF_COOKIE];
    // Browsers get the XSRF cookie from their first answer; engines (the licensing API) send no
    // cookies and would get a new token, and a random draw, on every call.
    // A program calling with an API token sends no cookies either.
    const program =
      request.url.startsWith(ENGINE_CALLS) ||
      request.headers.authorization?.startsWith(`Bearer ${API_TOKEN_PREFIX}`) === true;
    if (!cookie && !program) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secureCookies,
        httpOnly: false,
      });
    }
    const security = request.routeOptions.schema?.security as Requirement[] | undefined;
    // Public: nothing below applies (no token is read, no XSRF echo is needed).
    if (!security || security.length === 0) return done();
    checkSecurity(request, security, cookie).then(() => done(), done);
  });

  async function checkSecurity(request: FastifyRequest, security: Requirement[], cookie: string | undefined) {
    const readsToken = reads(security, 'bearer') || reads(security, 'apiToken');
    const token = readsToken ? bearerToken(request.headers.authorization) : null;
    // Where a token is not needed (signing out), one that is not a session's counts as none.
    const apiToken = token?.startsWith(API_TOKEN_PREFIX) === true;
    if (apiToken && (tokenScopes(security).length > 0 || requires(security, 'bearer'))) {
      await admitApiToken(request, security, token as string);
      return;
    }
    if (reads(security, 'bearer')) {
      request.auth = token && !apiToken ? await opts.sessions.resolve(token) : null;
      if (!request.auth && requires(security, 'bearer')) throw unauthorized();
    }
    if (forOperators(security) && !(request.auth && isOperator(request.auth.person))) {
      throw notFound(noSuchEndpoint(request).message);
    }
    if (requires(security, 'xsrf')) {
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        throw new HttpError(403, XSRF_MESSAGE, 'XSRF');
      }
    }
    if (request.auth?.twoFactorSetupRequired && !request.routeOptions.config.allowDuringTwoFactorSetup) {
      throw new HttpError(403, TwoFactorMessages.setupRequired, 'TWO_FACTOR_SETUP_REQUIRED');
    }
  }

  // The route's role, from the same declaration, once body and params are valid: docs/design.md §4's
  // order puts a 400 before the 403s of rights and ownership. An API token's caller is no person;
  // its scope was checked above and no role applies (docs/decisions/033).
  async function checkRole(request: FastifyRequest) {
    const role = requiredRole(request.routeOptions.schema);
    if (role && request.auth && !request.auth.apiToken && !hasRole(request.auth.person, role)) {
      throw new HttpError(403, RoleMessages.required(role), 'ROLE_REQUIRED');
    }
  }

  /**
   * An organization API token (docs/decisions/026): the operator's routes do not exist for it (404),
   * a route naming no scope refuses it (sign-in, sessions, the tokens themselves), an unknown,
   * revoked or expired token is a 401, one without the route's scope a 403 naming it; then the
   * token's rate limit. No XSRF: a program sends no cookie, so there is no cross-site request to forge.
   */
  async function admitApiToken(request: FastifyRequest, security: Requirement[], token: string) {
    if (forOperators(security)) throw notFound(noSuchEndpoint(request).message);
    const scopes = tokenScopes(security);
    if (scopes.length === 0 || !opts.apiTokens) throw new HttpError(403, ApiTokenMessages.notForTokens);
    const auth = await opts.apiTokens.resolver.resolve(token, request.ip);
    if (!auth?.apiToken)
      throw unauthorized('This API token is not valid: it is unknown, revoked or expired.');
    const granted = auth.apiToken.scopes as readonly string[];
    if (!scopes.some((scope) => granted.includes(scope))) {
      throw new HttpError(
        403,
        scopes.length === 1
          ? ApiTokenMessages.missingScope(scopes[0] as string)
          : ApiTokenMessages.missingScopes(scopes),
      );
    }
    await consumeOrRefuse(opts.apiTokens.limit, String(auth.apiToken.id), ApiTokenMessages.tooManyCalls);
    request.auth = auth;
  }
}
