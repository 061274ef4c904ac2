import { AppConfigSchema, HealthSchema, LivenessSchema, ReadinessSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { Access } from '../../plugins/route-security';
import type { SystemService } from './system.service';

/** Health and the client's runtime settings. */
export const systemRoutes: FastifyPluginAsyncZod<
  Pick<AppDeps, 'config' | 'clock' | 'gateway'> & { system: SystemService }
> = async (app, deps) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        security: Access.public,
        response: { 200: HealthSchema },
        tags: ['misc'],
        summary: 'Liveness and database reachability',
      },
    },
    async () => {
      await deps.system.pingDatabase();
      return { status: 'ok' as const, mode: deps.config.mode, time: deps.clock.now().toISOString() };
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        security: Access.public,
        response: { 200: LivenessSchema },
        tags: ['misc'],
        summary: 'Liveness: the process answers (a restart helps only when this fails)',
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        security: Access.public,
        response: { 200: ReadinessSchema },
        tags: ['misc'],
        summary: 'Readiness: the database is reachable and migrated; 503 with Retry-After otherwise',
      },
    },
    async () => {
      await deps.system.assertReady();
      return { status: 'ok' as const, database: 'reachable' as const, migrations: 'applied' as const };
    },
  );

  app.get(
    '/api/misc/config',
    {
      schema: {
        operationId: 'getClientConfig',
        security: Access.public,
        tags: ['misc'],
        summary: 'Links and the card gateway the web client uses',
        response: { 200: AppConfigSchema },
      },
    },
    async () => ({
      storeGuideUrl: deps.config.storeGuideUrl,
      privacyPolicyUrl: deps.config.privacyPolicyUrl,
      gateway: deps.gateway.kind,
      mode: deps.config.mode,
    }),
  );
};
