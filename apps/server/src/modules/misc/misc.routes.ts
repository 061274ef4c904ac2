import { AppConfigSchema } from '@store/core';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Health and the client's runtime settings. */
export const miscRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/health',
    { schema: { tags: ['misc'], summary: 'Liveness and database reachability' } },
    async () => {
      await deps.db.execute(sql`SELECT 1`);
      return { status: 'ok', mode: deps.config.mode, time: deps.clock.now().toISOString() };
    },
  );

  app.get(
    '/api/misc/config',
    {
      schema: {
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
