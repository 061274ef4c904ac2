import {
  CancelSubscriptionBodySchema,
  FlexUsageSchema,
  FlushKeysResultSchema,
  idParams,
  OfflineRequestSchema,
  PerpetualLicenseSchema,
  PricingPlanSchema,
  SubAccountNameSchema,
  SubscriptionDetailListSchema,
  SubscriptionDetailSchema,
  SubscriptionSaveResultSchema,
  SubscriptionUpdateSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs, orToken } from '../../plugins/route-security';
import { sendSerialized } from '../../plugins/serialization';
import type { SubscriptionService } from './subscriptions.service';

const IdParams = idParams('id', 'Subscription id');

const tags = ['subscriptions'];

/** Routes of the subscriptions list, editor and actions (docs/spec.md §2, §4). Rules live in the service. */
export const subscriptionsRoutes: FastifyPluginAsyncZod<
  Pick<AppDeps, 'readCaches'> & { subscriptions: SubscriptionService }
> = async (app, deps) => {
  const service = deps.subscriptions;

  app.get(
    '/api/subscription/all',
    {
      schema: {
        operationId: 'listSubscriptions',
        security: orToken(Access.signedIn, 'subscriptions:read'),
        tags,
        summary: "The organization's subscriptions and its sub-accounts' (read-only)",
        response: { 200: SubscriptionDetailListSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The signed-in home's read, answered from memory until its rows change (docs/decisions/021).
      const lists = deps.readCaches.subscriptionLists;
      const organizationId = auth.organization.id;
      const answer =
        lists.get(organizationId) ??
        (await lists.fill(organizationId, async () => reply.serialize(await service.list(auth)) as string));
      return sendSerialized(reply, answer);
    },
  );

  app.get(
    '/api/subscription/:id',
    {
      schema: {
        operationId: 'getSubscription',
        security: orToken(Access.signedIn, 'subscriptions:read'),
        tags,
        summary: 'One subscription',
        params: IdParams,
        response: { 200: SubscriptionDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.get(
    '/api/subscription/:id/plans',
    {
      schema: {
        operationId: 'listSubscriptionPlans',
        security: orToken(Access.signedIn, 'subscriptions:read'),
        tags,
        summary: "Plans the editor offers: the product's available plans and the retired plan in use",
        params: IdParams,
        response: { 200: z.array(PricingPlanSchema), ...errorResponses(404) },
      },
    },
    async (request) => service.plans(requireAuth(request), request.params.id),
  );

  app.put(
    '/api/subscription/:id',
    {
      schema: {
        operationId: 'updateSubscription',
        security: orToken(Access.signedInMutation, 'subscriptions:write'),
        ...needs('licenses'),
        tags,
        summary: 'Save the editor: increases now with a prorated charge, decreases at the next renewal',
        params: IdParams,
        body: SubscriptionUpdateSchema,
        response: { 200: SubscriptionSaveResultSchema, ...errorResponses(402, 403, 404, 409, 502) },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/subscription/:id',
    {
      schema: {
        operationId: 'cancelSubscription',
        security: orToken(Access.signedInMutation, 'subscriptions:write'),
        ...needs('billing'),
        tags,
        summary:
          'Cancel: access lasts until the end of the paid period; optionally says why (a listed reason and text)',
        params: IdParams,
        // Optional, so a caller that sends no body (Fastify reads it as null) cancels as it always did.
        body: z.nullish(CancelSubscriptionBodySchema),
        response: { 200: SubscriptionDetailSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => service.cancel(requireAuth(request), request.params.id, request.body ?? undefined),
  );

  app.get(
    '/api/subscription/:id/flush-keys',
    {
      schema: {
        operationId: 'flushKeys',
        security: orToken(Access.signedIn, 'subscriptions:write'),
        ...needs('licenses'),
        tags,
        summary: 'Release every machine activated against the license key',
        params: IdParams,
        response: { 200: FlushKeysResultSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => service.flushKeys(requireAuth(request), request.params.id),
  );

  app.post(
    '/api/subscription/make-offline',
    {
      schema: {
        operationId: 'makeSubscriptionOffline',
        security: orToken(Access.signedInMutation, 'subscriptions:write'),
        ...needs('licenses'),
        tags,
        summary: 'Enable offline use: signs a license file for the given hosts',
        body: OfflineRequestSchema,
        response: { 200: SubscriptionDetailSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => service.makeOffline(requireAuth(request), request.body),
  );

  app.get(
    '/api/subscription/:id/offline-license',
    {
      schema: {
        operationId: 'downloadOfflineLicense',
        security: orToken(Access.signedIn, 'licensing'),
        ...needs('licenses'),
        tags,
        summary: 'Download the signed offline license file',
        params: IdParams,
        response: {
          200: {
            description: 'The license file (license_{licenseId}.lic)',
            content: { 'text/plain': { schema: z.string() } },
          },
          ...errorResponses(403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { file, licenseId } = await service.offlineLicenseFile(requireAuth(request), request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="license_${licenseId}.lic"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/api/subscription/:id/detailedFlexUsage',
    {
      schema: {
        operationId: 'getDetailedUsage',
        security: orToken(Access.signedIn, 'licensing'),
        tags,
        summary: 'RTUs per host over the last 12 usage cycles, from the daily rollups',
        params: IdParams,
        response: { 200: FlexUsageSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => service.detailedFlexUsage(requireAuth(request), request.params.id),
  );

  app.get(
    '/api/perpetualstorelicense/:subscriptionId',
    {
      schema: {
        operationId: 'getPerpetualLicense',
        security: orToken(Access.signedIn, 'subscriptions:read'),
        tags,
        summary: 'The perpetual license behind a subscription of a perpetual account',
        params: idParams('subscriptionId', 'Subscription id'),
        response: { 200: PerpetualLicenseSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.perpetualLicense(requireAuth(request), request.params.subscriptionId),
  );

  app.get(
    '/api/organization/subaccountname/:organizationId',
    {
      schema: {
        operationId: 'getSubAccountName',
        security: orToken(Access.signedIn, 'subscriptions:read'),
        tags,
        summary: 'The name of one of your sub-accounts (the owner of a read-only subscription)',
        params: idParams('organizationId', 'Organization id'),
        response: { 200: SubAccountNameSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.subAccountName(requireAuth(request), request.params.organizationId),
  );
};
