import { AppConfigSchema, HealthSchema } from '@store/core';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { Access } from '../../plugins/route-security';

/** Health and the client's runtime settings. */
export const miscRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/health',
    {
      schema: {
        security: Access.public,
        response: { 200: HealthSchema },
        tags: ['misc'],
        summary: 'Liveness and database reachability',
      },
    },
    async () => {
      await deps.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, mode: deps.config.mode, time: deps.clock.now().toISOString() };
    },
  );

  app.get(
    '/api/misc/config',
    {
      schema: {
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
