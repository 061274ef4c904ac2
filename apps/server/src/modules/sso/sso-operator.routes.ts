import {
  ClaimedDomainListSchema,
  ClaimedDomainSchema,
  DomainNameSchema,
  OpsOrganizationParamsSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { Access, errorResponses } from '../../plugins/route-security';
import type { createSsoOperatorService } from './sso-operator.service';

const tags = ['operator'];

/**
 * The console's organization page (docs/decisions/037): its claimed domains, and the operator's
 * verification of a pending one, through the service the command line uses.
 */
export const ssoOperatorRoutes: FastifyPluginAsyncZod<{
  operator: ReturnType<typeof createSsoOperatorService>;
}> = async (app, { operator }) => {
  app.get(
    '/api/ops/organizations/:organizationId/domains',
    {
      schema: {
        operationId: 'opsListClaimedDomains',
        security: Access.operator,
        tags,
        summary: "The organization's claimed e-mail domains, pending or verified",
        params: OpsOrganizationParamsSchema,
        response: { 200: ClaimedDomainListSchema },
      },
    },
    async (request) => ({ domains: await operator.listDomains(request.params.organizationId) }),
  );

  app.post(
    '/api/ops/organizations/:organizationId/domains/:domain/verify',
    {
      schema: {
        operationId: 'opsVerifyDomain',
        security: Access.operatorMutation,
        tags,
        summary:
          "Verify a domain the organization claimed: its people are offered single sign-on; another organization's verified domain is a 409",
        params: z.extend(OpsOrganizationParamsSchema, { domain: DomainNameSchema }),
        response: { 200: ClaimedDomainSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => operator.verifyDomainByOperator(request.params.organizationId, request.params.domain),
  );
};
