import { BillingRunListSchema, BillingRunSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Access } from '../../plugins/route-security';
import type { OperatorConsoleService } from './operator-console.service';

const tags = ['operator'];

/** The console's Billing runs screen (the operator API contract, "Billing runs"). */
export const opsBillingRunsRoutes: FastifyPluginAsyncZod<{ console: OperatorConsoleService }> = async (
  app,
  { console: service },
) => {
  app.get(
    '/api/ops/billing-runs',
    {
      schema: {
        operationId: 'opsListBillingRuns',
        security: Access.operator,
        tags,
        summary: 'The latest billing runs, newest first, with what each did',
        response: { 200: BillingRunListSchema },
      },
    },
    async () => ({ items: await service.listBillingRuns() }),
  );

  app.post(
    '/api/ops/billing-runs',
    {
      schema: {
        operationId: 'opsRunBilling',
        security: Access.operatorMutation,
        tags,
        summary:
          'Run the billing cycle now (renewals, charges, retries, deactivation, overage) and answer the run',
        response: { 200: BillingRunSchema },
      },
    },
    async (request) => service.runBillingCycle(request.log),
  );
};
