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

  /**
   * An engine's call on a lease it holds: the license key in the body authenticates it and its rate
   * is limited as the key's; the answers are small, so they skip compression as the engines' others do.
   */
  function leaseCall<Body extends { licenseKey: string }>(
    verb: 'heartbeat' | 'borrow',
    call: { operationId: string; summary: string; body: z.ZodMiniType<Body>; answer: z.ZodMiniType },
    run: (leaseId: string, body: Body) => Promise<unknown>,
  ) {
    app.post(
      `/api/licensing/leases/:leaseId/${verb}`,
      {
        compress: false,
        schema: {
          operationId: call.operationId,
          security: Access.public,
          response: { 200: call.answer, ...errorResponses(403, 404, 409, 429) },
          tags,
          summary: call.summary,
          params: LeaseIdParamsSchema,
          body: call.body,
        },
      },
      async (request) => {
        // The type provider cannot see through the generic: the schema above validated the body as Body.
        const body = request.body as Body;
        return keyLimits.run(request, body.licenseKey, () => run(request.params.leaseId, body));
      },
    );
  }

  leaseCall(
    'heartbeat',
    {
      operationId: 'renewLease',
      summary:
        'Renew a lease before it runs out; a lease not renewed in time has ended (LEASE_EXPIRED) and the engine checks out again',
      body: LeaseKeyRequestSchema,
      answer: LeaseResultSchema,
    },
    service.renew,
  );

  leaseCall(
    'borrow',
    {
      operationId: 'borrowLease',
      summary:
        "Borrow a lease for offline use for up to the plan's borrow days: held until checked in or the borrow ends; answers a signed borrow file",
      body: LeaseBorrowRequestSchema,
      answer: LeaseBorrowResultSchema,
    },
    service.borrow,
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
