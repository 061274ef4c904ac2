import { EndedSessionsSchema, idParams, OwnSessionsSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionService } from '../../lib/auth-context';
import { notFound } from '../../lib/domain-error';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses } from '../../plugins/route-security';
import type { OwnSessionsService } from './own-sessions';

const tags = ['identity'];

/** The signed-in person's own sessions, seen and ended from the Account screen (ASVS 5.0 7.5.2). */
export const ownSessionsRoutes: FastifyPluginAsyncZod<{
  ownSessions: OwnSessionsService;
  sessions: Pick<SessionService, 'revokeAllFor'>;
}> = async (app, deps) => {
  const own = deps.ownSessions;

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
    async (request) => {
      const auth = requireAuth(request);
      return { sessions: await own.list(auth.person.id, auth.sessionId) };
    },
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
    async (request) => {
      const auth = requireAuth(request);
      if (!(await own.end(auth.person.id, request.params.sessionId))) throw notFound('No such session.');
      return { ended: 1 };
    },
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
    async (request) => {
      const auth = requireAuth(request);
      return { ended: await deps.sessions.revokeAllFor(auth.person.id, auth.sessionId) };
    },
  );
};
