import { OpsCancellationReasonsQuerySchema, OpsCancellationReasonsSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Access } from '../../plugins/route-security';
import type { OperatorConsoleService } from './operator-console.service';

/** The console's Cancellation reasons screen (docs/decisions/035). */
export const opsCancellationsRoutes: FastifyPluginAsyncZod<{ console: OperatorConsoleService }> = async (
  app,
  { console: service },
) => {
  app.get(
    '/api/ops/cancellation-reasons',
    {
      schema: {
        operationId: 'opsListCancellationReasons',
        security: Access.operator,
        tags: ['operator'],
        summary:
          'Why customers cancelled, per month (UTC) and plan, newest month first: each reason counted and every free text',
        querystring: OpsCancellationReasonsQuerySchema,
        response: { 200: OpsCancellationReasonsSchema },
      },
    },
    async (request) => service.cancellationReasons(request.query.months),
  );
};
