import { BillingRunListSchema, BillingRunSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { Access } from '../../plugins/route-security';
import { listBillingRuns, runRecordedBillingCycle } from '../billing';

const tags = ['operator'];

/** The console's Billing runs screen (the operator API contract, "Billing runs"). */
export const opsBillingRunsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/ops/billing-runs',
    {
      schema: {
        security: Access.operator,
        tags,
        summary: 'The latest billing runs, newest first, with what each did',
        response: { 200: BillingRunListSchema },
      },
    },
    async () => ({ items: await listBillingRuns(deps.db) }),
  );

  app.post(
    '/api/ops/billing-runs',
    {
      schema: {
        security: Access.operatorMutation,
        tags,
        summary:
          'Run the billing cycle now (renewals, charges, retries, deactivation, overage) and answer the run',
        response: { 200: BillingRunSchema },
      },
    },
    async (request) => {
      const { run } = await runRecordedBillingCycle(
        {
          db: deps.db,
          clock: deps.clock,
          gateway: deps.gateway,
          logger: request.log,
          publicUrl: deps.config.publicUrl,
        },
        'operator',
      );
      return run!;
    },
  );
};
