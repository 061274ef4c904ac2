import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResultSchema,
  OrganizationAdminsSchema,
  OrganizationSchema,
  PersonSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionService } from '../../lib/auth-context';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses } from '../../plugins/route-security';
import { toOrganizationDto, toPersonDto } from './dto';
import type { IdentityService } from './identity.service';

export const identityRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  sessions: Pick<SessionService, 'revoke'>;
}> = async (app, deps) => {
  const { identity } = deps;

  app.post(
    '/api/authenticate',
    {
      schema: {
        operationId: 'signIn',
        security: Access.publicMutation,
        response: { 200: LoginResponseSchema, ...errorResponses(429) },
        tags: ['identity'],
        summary: 'Sign in',
        body: LoginRequestSchema,
      },
    },
    async (request) => identity.authenticate(request.body, request.ip, request.headers['user-agent'] ?? ''),
  );

  app.get(
    '/api/person/current',
    {
      config: { allowDuringTwoFactorSetup: true },
      schema: {
        operationId: 'getCurrentPerson',
        security: Access.signedIn,
        response: { 200: PersonSchema },
        tags: ['identity'],
        summary: 'The signed-in person',
      },
    },
    async (request) => toPersonDto(requireAuth(request).person),
  );

  app.get(
    '/api/person/logout',
    {
      config: { allowDuringTwoFactorSetup: true },
      schema: {
        operationId: 'signOut',
        security: Access.optionalSignIn,
        response: { 200: LogoutResultSchema },
        tags: ['identity'],
        summary: 'Revoke this token',
      },
    },
    async (request) => {
      if (request.auth) await deps.sessions.revoke(request.auth.sessionId);
      return { success: true };
    },
  );

  app.get(
    '/api/organization/current',
    {
      config: { allowDuringTwoFactorSetup: true },
      schema: {
        operationId: 'getCurrentOrganization',
        security: Access.signedIn,
        response: { 200: OrganizationSchema },
        tags: ['identity'],
        summary: "The signed-in person's organization",
      },
    },
    async (request) => toOrganizationDto(requireAuth(request).organization),
  );

  app.get(
    '/api/organization/admins',
    {
      schema: {
        operationId: 'listOrganizationAdmins',
        security: Access.signedIn,
        tags: ['identity'],
        summary: "The administrators of the signed-in person's organization (whom a plain user asks)",
        response: { 200: OrganizationAdminsSchema },
      },
    },
    async (request) => identity.organizationAdmins(requireAuth(request).organization.id),
  );
};
