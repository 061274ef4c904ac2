import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiDocument } from './api-document';
import type { AppDeps, AppInput } from './app-deps';
import { composeRoutes } from './compose-routes';
import { createLimits } from './lib/limits/limits';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { createApiTokenService } from './modules/api-tokens';
import { registerRequestActor } from './modules/audit';
import { createSessionService } from './modules/identity';
import type { LicenseRead } from './modules/licensing';
import { webDistDir } from './paths';
import { recordApiRoutes } from './plugins/api-routes';
import { frameworkErrors, MAX_PATH_PARAM_LENGTH, registerErrorHandler } from './plugins/error-handler';
import { registerMetrics } from './plugins/metrics';
import { createReadCaches, registerReadCaches } from './plugins/read-caches';
import { RequestLog } from './plugins/request-log';
import { registerRouteSecurity } from './plugins/route-security-hooks';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serializerCompiler } from './plugins/serialization';
import { documentedSchema, refuseUnknownQueryKeys, validatorCompiler } from './plugins/validation';
import { registerWebApp } from './plugins/web-app';

/** Builds the whole API (and the SPA when built) without listening: tests use inject(). */
export async function buildApp(input: AppInput) {
  const app = Fastify({
    ...(input.logger ? { loggerInstance: input.logger } : { logger: false }),
    logController: new RequestLog(),
    bodyLimit: 256 * 1024,
    // docs/design.md §4: the client is the socket's address unless TRUST_PROXY names the proxies; a
    // forwarded header from any other peer is ignored (every per-address throttle reads request.ip).
    trustProxy: fastifyTrustProxy(input.config.trustProxy),
    // Path parameters (e-mail addresses, link tokens) up to the longest a schema accepts reach
    // validation and get its message; longer ones are refused by frameworkErrors.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  refuseUnknownQueryKeys(app);
  app.setSerializerCompiler(serializerCompiler);

  const db = input.database.db;
  const readCaches = createReadCaches<LicenseRead>();
  const deps: AppDeps = {
    config: input.config,
    database: input.database,
    db,
    clock: input.clock,
    gateway: input.gateway,
    sessions: createSessionService({ db, clock: input.clock, cache: readCaches.sessions }),
    limits: createLimits(input.database, app.log),
    readCaches,
  };

  await app.register(fastifyCookie);
  // Answers over 1 KB (the subscription list, the catalogue, the OpenAPI document) go compressed to
  // clients that accept it; the web app's files are already compressed at build time.
  await app.register(fastifyCompress, { threshold: 1024 });
  const apiRoutes = recordApiRoutes(app);
  registerErrorHandler(app, apiRoutes.hasOverlongParam);
  registerSecurityHeaders(app, { https: input.config.publicUrl.startsWith('https://') });
  // Organization API tokens share the sessions' read cache: the same announcements forget both.
  const apiTokens = createApiTokenService({ db, clock: input.clock, cache: readCaches.sessions });
  registerRouteSecurity(app, {
    sessions: deps.sessions,
    apiTokens: { resolver: apiTokens.resolver, limit: deps.limits.apiTokenCalls },
    secureCookies: input.config.publicUrl.startsWith('https://'),
  });
  registerRequestActor(app, input.clock);
  if (input.config.readCaches)
    await registerReadCaches(app, input.database, readCaches, input.config.listenSilenceMs);

  registerMetrics(app, deps);

  await app.register(fastifySwagger, { openapi: apiDocument(input.config), transform: documentedSchema });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true, security: [] } }, async () => app.swagger());

  for (const routes of composeRoutes(app, deps, { apiTokens, readCaches })) {
    await app.register(routes, deps);
  }
  apiRoutes.answerOtherMethods();

  const webDist = input.config.webDist ?? webDistDir;
  if (existsSync(join(webDist, 'index.html'))) await registerWebApp(app, webDist, apiRoutes.hasOverlongParam);

  return { app, deps };
}
