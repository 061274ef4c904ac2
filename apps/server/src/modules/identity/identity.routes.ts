import { LoginRequestSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { requireAuth } from '../../plugins/auth';
import { toOrganizationDto, toPersonDto } from './dto';
import { createIdentityService } from './identity.service';

export const identityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const identity = createIdentityService(deps);

  app.post(
    '/api/authenticate',
    { schema: { tags: ['identity'], summary: 'Sign in', body: LoginRequestSchema } },
    async (request) => identity.authenticate(request.body, request.ip),
  );

  app.get(
    '/api/person/current',
    { schema: { tags: ['identity'], summary: 'The signed-in person' } },
    async (request) => toPersonDto(requireAuth(request).person),
  );

  app.get(
    '/api/person/logout',
    { schema: { tags: ['identity'], summary: 'Revoke this token' } },
    async (request) => {
      if (request.auth) await deps.sessions.revoke(request.auth.sessionId);
      return { success: true };
    },
  );

  app.get(
    '/api/organization/current',
    { schema: { tags: ['identity'], summary: "The signed-in person's organization" } },
    async (request) => toOrganizationDto(requireAuth(request).organization),
  );
};
