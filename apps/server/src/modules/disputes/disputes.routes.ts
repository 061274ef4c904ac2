import { OpsDisputeListSchema, OpsDisputesQuerySchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Access } from '../../plugins/route-security';
import type { DisputesService } from './disputes.service';

/** The console's Disputes screen and a bill's disputes (the operator API contract, "Disputes"). */
export const disputesRoutes: FastifyPluginAsyncZod<{ disputes: Pick<DisputesService, 'list'> }> = async (
  app,
  { disputes },
) => {
  app.get(
    '/api/ops/disputes',
    {
      schema: {
        operationId: 'opsListDisputes',
        security: Access.operator,
        tags: ['operator'],
        summary:
          "Card disputes Stripe reported, with their bill and organization, amount, reason, status and the gateway's evidence deadline: open ones (the nearest deadline first), closed ones or all, or one bill's",
        querystring: OpsDisputesQuerySchema,
        response: { 200: OpsDisputeListSchema },
      },
    },
    async (request) => disputes.list(request.query),
  );
};
