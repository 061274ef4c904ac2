import {
  EndedLeaseSchema,
  idParam,
  LeaseBorrowRequestSchema,
  LeaseBorrowResultSchema,
  LeaseCheckoutRequestSchema,
  LeaseIdParamsSchema,
  LeaseKeyRequestSchema,
  LeaseListSchema,
  LeaseResultSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs, orToken } from '../../plugins/route-security';
import type { createKeyLimits } from './key-limits';
import type { LeasesService } from './leases.service';

/**
 * Floating seats (docs/licensing.md "Floating licenses", docs/decisions/034): the engines' checkout,
 * renewal, check-in and borrow, authenticated by the license key in the body like every licensing
 * call (check-in names only its lease, whose id is the credential); and the License section's live leases, with End for an admin.
 */
export const leasesRoutes: FastifyPluginAsyncZod<{
  leases: LeasesService;
  keyLimits: ReturnType<typeof createKeyLimits>;
}> = async (app, { leases: service, keyLimits }) => {
  const tags = ['licensing'];

  app.post(
    '/api/licensing/leases',
    {
      compress: false,
      schema: {
        operationId: 'checkoutLease',
        security: Access.public,
        response: {
          200: LeaseResultSchema,
          201: LeaseResultSchema,
          ...errorResponses(403, 404, 409, 429),
        },
        tags,
        summary:
          'Check out a floating seat for this machine (fingerprint): 201 a new lease, 200 the machine already held one; 409 TOO_MANY_LEASES with nextLeaseEndsAt at the limit',
        body: LeaseCheckoutRequestSchema,
      },
    },
    async (request, reply) => {
      const result = await keyLimits.run(request, request.body.licenseKey, () =>
        service.checkout(request.body),
      );
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/api/licensing/leases/:leaseId/heartbeat',
    {
      compress: false,
      schema: {
        operationId: 'renewLease',
        security: Access.public,
        response: { 200: LeaseResultSchema, ...errorResponses(403, 404, 409, 429) },
        tags,
        summary:
          'Renew a lease before it runs out; a lease not renewed in time has ended (LEASE_EXPIRED) and the engine checks out again',
        params: LeaseIdParamsSchema,
        body: LeaseKeyRequestSchema,
      },
    },
    async (request) =>
      keyLimits.run(request, request.body.licenseKey, () =>
        service.renew(request.params.leaseId, request.body),
      ),
  );

  app.post(
    '/api/licensing/leases/:leaseId/borrow',
    {
      schema: {
        operationId: 'borrowLease',
        security: Access.public,
        response: { 200: LeaseBorrowResultSchema, ...errorResponses(403, 404, 409, 429) },
        tags,
        summary:
          "Borrow a lease for offline use for up to the plan's borrow days: held until checked in or the borrow ends; answers a signed borrow file",
        params: LeaseIdParamsSchema,
        body: LeaseBorrowRequestSchema,
      },
    },
    async (request) =>
      keyLimits.run(request, request.body.licenseKey, () =>
        service.borrow(request.params.leaseId, request.body),
      ),
  );

  app.delete(
    '/api/licensing/leases/:leaseId',
    {
      compress: false,
      schema: {
        operationId: 'checkInLease',
        security: Access.public,
        response: { 200: EndedLeaseSchema, ...errorResponses(404, 429) },
        tags,
        summary:
          'Check a lease in at exit (or return a borrowed one): its seat is free at once; the lease id is the credential',
        params: LeaseIdParamsSchema,
      },
    },
    // The lease id stands for the key here: its rate is limited as a key's is.
    async (request) =>
      keyLimits.run(request, request.params.leaseId, () => service.checkIn(request.params.leaseId)),
  );

  const portalTags = ['subscriptions'];
  const SubscriptionParams = z.object({ id: idParam('Subscription id') });

  app.get(
    '/api/subscription/:id/leases',
    {
      schema: {
        operationId: 'listLeases',
        security: orToken(Access.signedIn, 'licensing'),
        tags: portalTags,
        summary: "A floating license's live leases: the engines holding its seats now",
        params: SubscriptionParams,
        response: { 200: LeaseListSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.list(requireAuth(request), request.params.id),
  );

  app.delete(
    '/api/subscription/:id/leases/:leaseId',
    {
      schema: {
        operationId: 'endLease',
        security: orToken(Access.signedInMutation, 'licensing'),
        ...needs('licenses'),
        tags: portalTags,
        summary: "End an engine's lease: its seat is free at once (the rights of Deactivate)",
        params: z.extend(SubscriptionParams, LeaseIdParamsSchema.shape),
        response: { 200: EndedLeaseSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => service.end(requireAuth(request), request.params.id, request.params.leaseId),
  );
};
