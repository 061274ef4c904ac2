import { EndedSessionsSchema, idParams, OwnSessionsSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses } from '../../plugins/route-security';
import type { OwnSessionsService } from './own-sessions';

const tags = ['identity'];

/** The signed-in person's own sessions, seen and ended from the Account screen (ASVS 5.0 7.5.2). */
export const ownSessionsRoutes: FastifyPluginAsyncZod<{ ownSessions: OwnSessionsService }> = async (
  app,
  { ownSessions: own },
) => {
  app.get(
    '/api/person/sessions',
    {
      config: { allowDuringTwoFactorSetup: true },
      schema: {
        operationId: 'listOwnSessions',
        security: Access.signedIn,
        tags,
        summary: "The signed-in person's sessions, most recently used first",
        response: { 200: OwnSessionsSchema },
      },
    },
    async (request) => own.list(requireAuth(request)),
  );

  app.delete(
    '/api/person/sessions/:sessionId',
    {
      config: { allowDuringTwoFactorSetup: true },
      schema: {
        operationId: 'endSession',
        security: Access.signedInMutation,
        tags,
        summary: 'End one of your sessions (its token stops working at once)',
        params: idParams('sessionId', 'Session id'),
        response: { 200: EndedSessionsSchema, ...errorResponses(404) },
      },
    },
    async (request) => own.end(requireAuth(request), request.params.sessionId),
  );

  app.post(
    '/api/person/sessions/end_others',
    {
      config: { allowDuringTwoFactorSetup: true },
      schema: {
        operationId: 'endOtherSessions',
        security: Access.signedInMutation,
        tags,
        summary: 'Sign out everywhere else: end every session but this one',
        response: { 200: EndedSessionsSchema },
      },
    },
    async (request) => own.endOthers(requireAuth(request)),
  );
};
