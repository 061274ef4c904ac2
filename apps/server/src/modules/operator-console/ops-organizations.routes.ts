import {
  OkSchema,
  OpsOrganizationDetailSchema,
  OpsOrganizationListSchema,
  OpsOrganizationParamsSchema,
  OpsOrganizationsQuerySchema,
  OpsPerpetualLicenseBodySchema,
  OpsPersonParamsSchema,
  OpsPromoteAdminBodySchema,
  OpsSubscriptionRowSchema,
  OpsTermsBodySchema,
  PersonSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { Access, errorResponses } from '../../plugins/route-security';
import type { OperatorConsoleService } from './operator-console.service';

const tags = ['operator'];

/** The console's Organizations screen (the operator API contract, "Organizations"). */
export const opsOrganizationsRoutes: FastifyPluginAsyncZod<{ console: OperatorConsoleService }> = async (
  app,
  { console: service },
) => {
  app.get(
    '/api/ops/organizations',
    {
      schema: {
        operationId: 'opsSearchOrganizations',
        security: Access.operator,
        tags,
        summary:
          'Customer organizations whose name, a person’s e-mail or a subscription’s name contains q, or holding ' +
          'q as a license key, an invoice or credit-note number, a charge’s gateway reference or the card’s last four',
        querystring: OpsOrganizationsQuerySchema,
        response: { 200: OpsOrganizationListSchema },
      },
    },
    async (request) => service.searchOrganizations(request.query.q, request.query.page),
  );

  app.get(
    '/api/ops/organizations/:organizationId',
    {
      schema: {
        operationId: 'opsGetOrganization',
        security: Access.operator,
        tags,
        summary:
          'One organization: its summary (standing, MRR, card, open balance), terms, users, sub-accounts, subscriptions, billing details',
        params: OpsOrganizationParamsSchema,
        response: { 200: OpsOrganizationDetailSchema },
      },
    },
    async (request) => service.organizationDetail(request.params.organizationId),
  );

  app.put(
    '/api/ops/organizations/:organizationId/terms',
    {
      schema: {
        operationId: 'opsSetOrganizationTerms',
        security: Access.operatorMutation,
        tags,
        summary:
          'Set discount, monthly billing, perpetual account, invoice terms, the parent and the tax / VAT id',
        params: OpsOrganizationParamsSchema,
        body: OpsTermsBodySchema,
        response: { 200: OpsOrganizationDetailSchema, ...errorResponses(409) },
      },
    },
    async (request) => service.setTerms(request.params.organizationId, request.body),
  );

  app.post(
    '/api/ops/organizations/:organizationId/perpetual-licenses',
    {
      schema: {
        operationId: 'opsGrantPerpetualLicense',
        security: Access.operatorMutation,
        tags,
        summary: 'Grant a perpetual license of a plan (never billed, never renewed)',
        params: OpsOrganizationParamsSchema,
        body: OpsPerpetualLicenseBodySchema,
        response: { 200: OpsSubscriptionRowSchema },
      },
    },
    async (request) => service.grantPerpetualLicense(request.params.organizationId, request.body),
  );

  app.post(
    '/api/ops/organizations/:organizationId/admins',
    {
      schema: {
        operationId: 'opsMakeAdmin',
        security: Access.operatorMutation,
        tags,
        summary: 'Make one of the organization’s users an administrator',
        params: OpsOrganizationParamsSchema,
        body: OpsPromoteAdminBodySchema,
        response: { 200: PersonSchema, ...errorResponses(409) },
      },
    },
    async (request) => service.promoteToAdmin(request.params.organizationId, request.body.personId),
  );

  app.post(
    '/api/ops/persons/:personId/verification-mail',
    {
      schema: {
        operationId: 'opsResendVerificationMail',
        security: Access.operatorMutation,
        tags,
        summary: 'Mail a new verification link to a person whose address is not verified yet',
        params: OpsPersonParamsSchema,
        response: { 200: z.extend(OkSchema, { message: z.string() }), ...errorResponses(409) },
      },
    },
    async (request) => service.resendVerification(request.params.personId),
  );
};
