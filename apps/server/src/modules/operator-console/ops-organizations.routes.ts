import {
  OkSchema,
  OpsMessages,
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
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps';
import { pricingPlans } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { Access, errorResponses } from '../../plugins/route-security';
import { promoteToAdmin, resendVerification, setOrganizationTerms } from '../accounts';
import { toPersonDto } from '../identity';
import { addPerpetualLicense } from '../subscriptions';
import { organizationDetail, searchOrganizations } from './ops-organizations';

const tags = ['operator'];

/** The console's Organizations screen (the operator API contract, "Organizations"). */
export const opsOrganizationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/ops/organizations',
    {
      schema: {
        security: Access.operator,
        tags,
        summary:
          'Customer organizations whose name or a person’s e-mail contains q, or holding the license key q',
        querystring: OpsOrganizationsQuerySchema,
        response: { 200: OpsOrganizationListSchema },
      },
    },
    async (request) => searchOrganizations(db, request.query.q, request.query.page),
  );

  app.get(
    '/api/ops/organizations/:organizationId',
    {
      schema: {
        security: Access.operator,
        tags,
        summary: 'One organization: terms, users, sub-accounts, subscriptions, bills, billing details',
        params: OpsOrganizationParamsSchema,
        response: { 200: OpsOrganizationDetailSchema },
      },
    },
    async (request) => organizationDetail(db, request.params.organizationId),
  );

  app.put(
    '/api/ops/organizations/:organizationId/terms',
    {
      schema: {
        security: Access.operatorMutation,
        tags,
        summary:
          'Set discount, monthly billing, perpetual account, invoice terms, the parent and the tax / VAT id',
        params: OpsOrganizationParamsSchema,
        body: OpsTermsBodySchema,
        response: { 200: OpsOrganizationDetailSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await setOrganizationTerms(db, request.params.organizationId, request.body);
      return organizationDetail(db, request.params.organizationId);
    },
  );

  app.post(
    '/api/ops/organizations/:organizationId/perpetual-licenses',
    {
      schema: {
        security: Access.operatorMutation,
        tags,
        summary: 'Grant a perpetual license of a plan (never billed, never renewed)',
        params: OpsOrganizationParamsSchema,
        body: OpsPerpetualLicenseBodySchema,
        response: { 200: OpsSubscriptionRowSchema },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      await organizationDetail(db, organizationId); // 404 for no such customer
      const [plan] = await db.select().from(pricingPlans).where(eq(pricingPlans.id, request.body.planId));
      if (!plan) throw notFound(OpsMessages.planNotFound(request.body.planId));
      const made = await addPerpetualLicense(db, deps.clock, {
        organizationId,
        plan,
        description: request.body.name ?? plan.planName,
        version: request.body.version ?? '',
        machines: request.body.machines ?? 1,
        cpus: request.body.cpus ?? 1,
      });
      const detail = await organizationDetail(db, organizationId);
      return detail.subscriptions.find((s) => s.subscriptionId === made.subscriptionId)!;
    },
  );

  app.post(
    '/api/ops/organizations/:organizationId/admins',
    {
      schema: {
        security: Access.operatorMutation,
        tags,
        summary: 'Make one of the organization’s users an administrator',
        params: OpsOrganizationParamsSchema,
        body: OpsPromoteAdminBodySchema,
        response: { 200: PersonSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { person } = await promoteToAdmin(db, request.body.personId, request.params.organizationId);
      return toPersonDto(person);
    },
  );

  app.post(
    '/api/ops/persons/:personId/verification-mail',
    {
      schema: {
        security: Access.operatorMutation,
        tags,
        summary: 'Mail a new verification link to a person whose address is not verified yet',
        params: OpsPersonParamsSchema,
        response: { 200: z.extend(OkSchema, { message: z.string() }), ...errorResponses(409) },
      },
    },
    async (request) =>
      resendVerification({ ...deps, publicUrl: deps.config.publicUrl }, request.params.personId),
  );
};
