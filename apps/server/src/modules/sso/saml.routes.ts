import { idParams } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { Access, errorResponses } from '../../plugins/route-security';
import { SAML_RESPONSE_MAX_CHARS } from './saml-answer';
import { ACS_PATH, SP_METADATA_PATH } from './saml-sign-in';
import type { SsoService } from './sso.service';

const tags = ['sso'];
const FORM = 'application/x-www-form-urlencoded';
const METADATA_TYPE = 'application/samlmetadata+xml';

/**
 * SAML 2.0 (docs/decisions/037): the store's SP metadata an admin gives the identity provider, and
 * the ACS the provider's page posts the answer to (HTTP-POST binding). The ACS is a browser's form
 * post from the provider's page, with no XSRF echo to give: what vouches for it is the signature
 * and the InResponseTo of a request this store issued.
 */
export const samlRoutes: FastifyPluginAsyncZod<{
  sso: SsoService;
  refusedTo: (error: unknown) => string;
  signedIn: (ticket: string) => string;
}> = async (app, { sso, refusedTo, signedIn }) => {
  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: SAML_RESPONSE_MAX_CHARS * 2 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    `${SP_METADATA_PATH}/:organizationId`,
    {
      schema: {
        operationId: 'getSamlServiceProviderMetadata',
        security: Access.public,
        tags,
        summary:
          "The store's SAML 2.0 service-provider metadata for an organization (its entity id and ACS), to give the identity provider",
        params: idParams('organizationId', 'Organization id'),
        response: {
          200: {
            description: 'The metadata XML (store-sp-metadata-{organizationId}.xml)',
            content: { [METADATA_TYPE]: { schema: z.string() } },
          },
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) =>
      reply
        .type(METADATA_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="store-sp-metadata-${request.params.organizationId}.xml"`,
        )
        .send(sso.samlMetadata(request.params.organizationId)),
  );

  app.post(
    ACS_PATH,
    {
      schema: {
        // The provider's page posts here in the browser: a redirect answers, never JSON.
        hide: true,
        operationId: 'ssoSamlAcs',
        security: Access.public,
        tags,
        summary: "The identity provider's SAML answer: a redirect to the web app, signed in or told why not",
        body: z.looseObject({
          SAMLResponse: z.optional(z.string().check(z.maxLength(SAML_RESPONSE_MAX_CHARS))),
        }),
      },
    },
    async (request, reply) => {
      let location: string;
      try {
        const { ticket } = await sso.samlAcs(request.body.SAMLResponse ?? '');
        location = signedIn(ticket);
      } catch (error) {
        location = refusedTo(error);
      }
      // 303: the browser follows a form post's answer with a GET.
      return reply.redirect(location, 303);
    },
  );
};
