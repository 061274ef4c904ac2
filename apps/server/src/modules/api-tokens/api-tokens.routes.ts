import {
  ApiTokenListSchema,
  ApiTokenSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  idParams,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs } from '../../plugins/route-security';
import type { ApiTokenService } from './api-tokens.service';

const tags = ['api-tokens'];

/**
 * The organization's API tokens, managed by its admins on the API & Webhooks screen
 * (docs/decisions/026). A person's session only: no scope admits a token here, so no token makes
 * or revokes tokens.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod<{
  apiTokens: Omit<ApiTokenService, 'resolver'>;
}> = async (app, deps) => {
  const service = deps.apiTokens;

  app.get(
    '/api/organization/api-tokens',
    {
      schema: {
        operationId: 'listApiTokens',
        security: Access.signedIn,
        ...needs('developer'),
        tags,
        summary: "The organization's API tokens not revoked, newest first (never the tokens themselves)",
        response: { 200: ApiTokenListSchema, ...errorResponses(403) },
      },
    },
    async (request) => ({ apiTokens: await service.list(requireAuth(request)) }),
  );

  app.post(
    '/api/organization/api-tokens',
    {
      schema: {
        operationId: 'createApiToken',
        security: Access.signedInMutation,
        ...needs('developer'),
        tags,
        summary: 'Make an API token with the scopes named; the answer is the only time the token is shown',
        body: CreateApiTokenSchema,
        response: { 201: CreatedApiTokenSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.delete(
    '/api/organization/api-tokens/:id',
    {
      schema: {
        operationId: 'revokeApiToken',
        security: Access.signedInMutation,
        ...needs('developer'),
        tags,
        summary: 'Revoke an API token: every call with it is refused at once, on every server',
        params: idParams('id', 'API token id'),
        response: { 200: ApiTokenSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => service.revoke(requireAuth(request), request.params.id),
  );
};
