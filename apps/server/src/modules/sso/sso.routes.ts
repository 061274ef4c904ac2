import {
  ClaimDomainSchema,
  ClaimedDomainListSchema,
  ClaimedDomainSchema,
  DomainNameSchema,
  LoginResponseSchema,
  PutSsoConfigSchema,
  SsoEmailQuerySchema,
  SsoExchangeSchema,
  SsoOfferedSchema,
  SsoSettingsSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs } from '../../plugins/route-security';
import { CALLBACK_PATH } from './oidc-sign-in';
import { samlRoutes } from './saml.routes';
import { SsoRefused, type SsoService, WEB_SSO_PATH } from './sso.service';
import { ssoOperatorRoutes } from './sso-operator.routes';
import type { createSsoOperatorService } from './sso-operator.service';

const tags = ['sso'];
const Done = z.object({ success: z.literal(true) });

/**
 * Single sign-on (docs/decisions/036). The set-up and domains are an admin's, through the same
 * calls the Single sign-on screen makes so customers' IT can script them; the sign-in routes are
 * public browser redirects whose refusals land on the web app's /sso screen with the reason's code.
 */
export const ssoRoutes: FastifyPluginAsyncZod<{
  sso: SsoService;
  operator: ReturnType<typeof createSsoOperatorService>;
  publicUrl: string;
}> = async (app, deps) => {
  const { sso } = deps;
  const refusedTo = (error: unknown) => {
    if (!(error instanceof SsoRefused)) throw error;
    return `${deps.publicUrl}${WEB_SSO_PATH}?error=${error.refusal}`;
  };
  // Its own scope: the ACS takes a form post, a body no other route parses.
  await app.register(ssoOperatorRoutes, { operator: deps.operator });
  await app.register(samlRoutes, {
    sso,
    refusedTo,
    signedIn: (ticket) => signedInAt(deps.publicUrl, ticket),
  });

  app.get(
    '/api/organization/sso',
    {
      schema: {
        operationId: 'getSsoSettings',
        security: Access.signedIn,
        ...needs('admin'),
        tags,
        summary:
          "The organization's single sign-on set-up (never the client secret), the OpenID redirect URI and the store's SAML entity id, ACS and metadata",
        response: { 200: SsoSettingsSchema, ...errorResponses(403) },
      },
    },
    async (request) => sso.settings(requireAuth(request)),
  );

  app.put(
    '/api/organization/sso',
    {
      schema: {
        operationId: 'putSsoSettings',
        security: Access.signedInMutation,
        ...needs('admin'),
        tags,
        summary:
          "Set up single sign-on: OpenID Connect (the issuer must answer its discovery document) or SAML 2.0 (the identity provider's metadata, pasted or at a URL read now)",
        body: PutSsoConfigSchema,
        response: { 200: SsoSettingsSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => sso.putConfig(requireAuth(request), request.body),
  );

  app.delete(
    '/api/organization/sso',
    {
      schema: {
        operationId: 'deleteSsoSettings',
        security: Access.signedInMutation,
        ...needs('admin'),
        tags,
        summary: 'Remove single sign-on: people sign in with passwords again',
        response: { 200: Done, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      await sso.deleteConfig(requireAuth(request));
      return { success: true as const };
    },
  );

  app.get(
    '/api/organization/domains',
    {
      schema: {
        operationId: 'listClaimedDomains',
        security: Access.signedIn,
        ...needs('admin'),
        tags,
        summary: "The organization's claimed e-mail domains",
        response: { 200: ClaimedDomainListSchema, ...errorResponses(403) },
      },
    },
    async (request) => ({ domains: await sso.listDomains(requireAuth(request)) }),
  );

  app.post(
    '/api/organization/domains',
    {
      schema: {
        operationId: 'claimDomain',
        security: Access.signedInMutation,
        ...needs('admin'),
        tags,
        summary:
          "Claim an e-mail domain: verified at once when it is the admin's own verified address's, else waiting for the store",
        body: ClaimDomainSchema,
        response: { 201: ClaimedDomainSchema, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sso.claimDomain(requireAuth(request), request.body.domain)),
  );

  app.delete(
    '/api/organization/domains/:domain',
    {
      schema: {
        operationId: 'releaseDomain',
        security: Access.signedInMutation,
        ...needs('admin'),
        tags,
        summary: 'Release a claimed domain',
        params: z.strictObject({ domain: DomainNameSchema }),
        response: { 200: Done, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await sso.releaseDomain(requireAuth(request), request.params.domain);
      return { success: true as const };
    },
  );

  app.get(
    '/api/sso/offered',
    {
      schema: {
        operationId: 'getSsoOffered',
        security: Access.public,
        tags,
        summary: "Whether the address's domain offers single sign-on (and nothing more about it)",
        querystring: SsoEmailQuerySchema,
        response: { 200: SsoOfferedSchema, ...errorResponses(400) },
      },
    },
    async (request) => sso.offered(request.query.email),
  );

  app.get(
    '/api/sso/start',
    {
      schema: {
        // A browser's redirect, not a call a program makes: outside the API document (its answers
        // are redirects, never JSON), public all the same.
        hide: true,
        operationId: 'startSso',
        security: Access.public,
        tags,
        summary: "Start single sign-on: a redirect to the identity provider of the address's organization",
        querystring: SsoEmailQuerySchema,
      },
    },
    async (request, reply) => {
      let location: string;
      try {
        location = (await sso.start(request.query.email)).href;
      } catch (error) {
        location = refusedTo(error);
      }
      return reply.redirect(location, 302);
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      schema: {
        // A browser's redirect, not a call a program makes: outside the API document (its answers
        // are redirects, never JSON), public all the same.
        hide: true,
        operationId: 'ssoOidcCallback',
        security: Access.public,
        tags,
        summary: "The identity provider's answer: a redirect to the web app, signed in or told why not",
        querystring: z.record(z.string(), z.string()),
      },
    },
    async (request, reply) => {
      let location: string;
      try {
        // The URL the provider redirected to, as registered: openid-client checks it is the redirect URI.
        const answered = new URL(sso.redirectUri);
        answered.search = new URL(request.url, sso.redirectUri).search;
        const { ticket } = await sso.callback(answered);
        location = signedInAt(deps.publicUrl, ticket);
      } catch (error) {
        location = refusedTo(error);
      }
      return reply.redirect(location, 302);
    },
  );

  app.post(
    '/api/sso/exchange',
    {
      schema: {
        operationId: 'exchangeSsoTicket',
        security: Access.publicMutation,
        tags,
        summary: "Trade single sign-on's one-time ticket for a session, answered as sign-in is",
        body: SsoExchangeSchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) =>
      sso.exchange(request.body.ticket, {
        userAgent: request.headers['user-agent'] ?? '',
        address: request.ip,
      }),
  );
};

/** The ticket rides in the fragment: never sent to a server, never in a log or a Referer. */
const signedInAt = (publicUrl: string, ticket: string) => `${publicUrl}${WEB_SSO_PATH}#ticket=${ticket}`;
