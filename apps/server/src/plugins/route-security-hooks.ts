import { timingSafeEqual } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  ApiTokenMessages,
  hasRole,
  isOperator,
  isRole,
  RoleMessages,
  TwoFactorMessages,
} from '@store/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiTokenResolver, SessionService } from '../lib/auth-context';
import { HttpError, notFound, unauthorized } from '../lib/http-error';
import { type Consumer, consumeOrRefuse } from '../lib/limits/refuse';
import { randomToken } from '../lib/tokens';
import { noSuchEndpoint } from './error-handler';
import {
  ENGINE_CALLS,
  errorResponses,
  forOperators,
  impliedErrorStatuses,
  REQUIRED_RIGHT,
  type Requirement,
  reads,
  requiredRole,
  requires,
  tokenScopes,
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_MESSAGE,
} from './route-security';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered to a person who must set up two-factor sign-in first (their account, the set-up). */
    allowDuringTwoFactorSetup?: boolean;
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function bearerToken(header: string | undefined): string | null {
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

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
