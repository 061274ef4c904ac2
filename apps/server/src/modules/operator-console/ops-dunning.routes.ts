import { DunningSettingsSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Access } from '../../plugins/route-security';
import type { DunningSettingsService } from '../bills';

const tags = ['operator'];

/** The console's Dunning screen (docs/decisions/042): the retry schedule and the reminders of a declined bill. */
export const opsDunningRoutes: FastifyPluginAsyncZod<{ dunning: DunningSettingsService }> = async (
  app,
  { dunning },
) => {
  app.get(
    '/api/ops/dunning',
    {
      schema: {
        operationId: 'opsGetDunningSettings',
        security: Access.operator,
        tags,
        summary: 'The retry schedule and reminders in force for declined renewal and overage bills',
        response: { 200: DunningSettingsSchema },
      },
    },
    async () => dunning.read(),
  );

  app.put(
    '/api/ops/dunning',
    {
      schema: {
        operationId: 'opsSaveDunningSettings',
        security: Access.operatorMutation,
        tags,
        summary:
          'Sets the days of the 14-day grace a declined bill is charged again and which reminders go out; ' +
          'applies to the next decline and reminder of every bill',
        body: DunningSettingsSchema,
        response: { 200: DunningSettingsSchema },
      },
    },
    async (request) => dunning.save(request.body),
  );
};
