import {
  SCIM_BASE_PATH,
  SCIM_MEDIA_TYPE,
  ScimGroupBodySchema,
  ScimIdParamsSchema,
  ScimListQuerySchema,
  ScimMessages,
  ScimPatchBodySchema,
  ScimProblem,
  ScimUserBodySchema,
} from '@store/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { Requirement } from '../../plugins/route-security';
import type { ScimService } from './scim.service';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { registerScimErrors } from './scim-errors';
import { listResponse } from './scim-resources';

/**
 * An organization API token holding the scim scope, and nothing else: route security admits the
 * token (its rate limit, revocation and expiry, docs/decisions/026), and the hook below refuses a
 * request without one in SCIM's own words.
 */
const security: Requirement[] = [{ apiToken: ['scim'] }];

/**
 * SCIM is described by its own standard and its discovery resources, which is what identity
 * providers read; its answers take RFC 7644's error shape, not the API's `{ message, code }`. So its
 * routes stay out of the OpenAPI document (`hide`), as the single sign-on redirects do
 * (docs/decisions/038).
 */
const hidden = { hide: true, security } as const;

/** Whether a list's query leaves the members out (Entra ID: excludedAttributes=members). */
const withMembers = (request: FastifyRequest) => {
  const excluded = (request.query as { excludedAttributes?: unknown }).excludedAttributes;
  return !(
    typeof excluded === 'string' &&
    excluded
      .toLowerCase()
      .split(',')
      .map((a) => a.trim())
      .includes('members')
  );
};

const organizationOf = (request: FastifyRequest) => requireAuth(request).organization.id;

/** Discovery, Users and Groups under /scim/v2 (RFC 7644 §3), for the token's organization. */
const scimV2: FastifyPluginAsyncZod<{ scim: ScimService; baseUrl: string }> = async (app, deps) => {
  const { scim, baseUrl } = deps;
  registerScimErrors(app as unknown as FastifyInstance);
  // RFC 7644 §3.8: clients send application/scim+json; application/json is parsed as everywhere.
  app.addContentTypeParser(
    SCIM_MEDIA_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.addHook('onRequest', async (request) => {
    if (!request.auth?.apiToken) throw new ScimProblem(401, null, ScimMessages.unauthorized);
    // Only JSON bodies: any other media type is a 415, not a text for the schema to refuse.
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== undefined && type !== SCIM_MEDIA_TYPE && type !== 'application/json')
      throw new ScimProblem(415, null, ScimMessages.mediaType);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json')) reply.type(`${SCIM_MEDIA_TYPE}; charset=utf-8`);
    return payload;
  });

  app.get('/ServiceProviderConfig', { schema: hidden }, async () => serviceProviderConfig(baseUrl));
  app.get('/ResourceTypes', { schema: hidden }, async () => {
    const types = resourceTypes(baseUrl);
    return listResponse(types, types.length, 1);
  });
  app.get('/Schemas', { schema: hidden }, async () => {
    const all = schemas(baseUrl);
    return listResponse(all, all.length, 1);
  });

  const list = { ...hidden, querystring: ScimListQuerySchema };
  const one = { ...hidden, params: ScimIdParamsSchema };

  app.get('/Users', { schema: list }, async (request) =>
    scim.listUsers(organizationOf(request), request.query),
  );
  app.get('/Users/:id', { schema: one }, async (request) =>
    scim.getUser(organizationOf(request), request.params.id),
  );
  app.post('/Users', { schema: { ...hidden, body: ScimUserBodySchema } }, async (request, reply) => {
    const user = await scim.createUser(organizationOf(request), request.body);
    return reply.status(201).header('location', user.meta.location).send(user);
  });
  app.put('/Users/:id', { schema: { ...one, body: ScimUserBodySchema } }, async (request) =>
    scim.replaceUser(organizationOf(request), request.params.id, request.body),
  );
  app.patch('/Users/:id', { schema: { ...one, body: ScimPatchBodySchema } }, async (request) =>
    scim.patchUser(organizationOf(request), request.params.id, request.body.Operations),
  );
  app.delete('/Users/:id', { schema: one }, async (request, reply) => {
    await scim.deleteUser(organizationOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/Groups', { schema: list }, async (request) =>
    scim.listGroups(organizationOf(request), request.query, withMembers(request)),
  );
  app.get('/Groups/:id', { schema: one }, async (request) =>
    scim.getGroup(organizationOf(request), request.params.id, withMembers(request)),
  );
  app.post('/Groups', { schema: { ...hidden, body: ScimGroupBodySchema } }, async (request) =>
    scim.createGroup(request.body),
  );
  app.put('/Groups/:id', { schema: { ...one, body: ScimGroupBodySchema } }, async (request) =>
    scim.replaceGroup(organizationOf(request), request.params.id, request.body),
  );
  app.patch('/Groups/:id', { schema: { ...one, body: ScimPatchBodySchema } }, async (request) =>
    scim.patchGroup(organizationOf(request), request.params.id, request.body.Operations),
  );
  app.delete('/Groups/:id', { schema: one }, async (request) => scim.deleteGroup(request.params.id));

  // Any other address under /scim/v2 answers in SCIM's shape, not the web app's or the API's.
  app.all('/*', { schema: hidden }, async () => {
    throw new ScimProblem(404, null, ScimMessages.noSuchEndpoint);
  });
};

export const scimRoutes: FastifyPluginAsyncZod<{ scim: ScimService; baseUrl: string }> = async (
  app,
  deps,
) => {
  await app.register(scimV2, { ...deps, prefix: SCIM_BASE_PATH });
};
