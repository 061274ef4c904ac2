import {
  idParam,
  MAX_USAGE_BODY_BYTES,
  OfflineActivationBodySchema,
  OfflineActivationResultSchema,
  ReleaseCodeBodySchema,
  ReleasedActivationSchema,
  UsageFileBodySchema,
  UsageFileResultSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs, orToken } from '../../plugins/route-security';
import type { OfflineActivationService } from './offline-activation.service';
import type { OfflineUsageService } from './offline-usage.service';

const tags = ['subscriptions'];
const params = z.object({ id: idParam('Subscription id') });

/**
 * The License section's offline calls (docs/licensing.md "Offline activation by request file",
 * docs/decisions/040): answer an engine's activation request with a license file, free a seat by its
 * release code, and count the usage file of an offline site. Each needs the Licenses role.
 */
export const offlineActivationRoutes: FastifyPluginAsyncZod<{
  offlineActivations: OfflineActivationService;
  offlineUsage: OfflineUsageService;
}> = async (app, { offlineActivations, offlineUsage }) => {
  app.post(
    '/api/subscription/:id/offline-activations',
    {
      schema: {
        operationId: 'answerActivationRequest',
        security: orToken(Access.signedInMutation, 'licensing'),
        ...needs('licenses'),
        tags,
        summary:
          "Answer an engine's activation request with a signed license file bound to its fingerprint; the file holds a seat until released or expired",
        params,
        body: OfflineActivationBodySchema,
        response: { 201: OfflineActivationResultSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await offlineActivations.answer(requireAuth(request), request.params.id, request.body.request)),
  );

  app.post(
    '/api/subscription/:id/offline-activations/release',
    {
      schema: {
        operationId: 'releaseOfflineActivation',
        security: orToken(Access.signedInMutation, 'licensing'),
        ...needs('licenses'),
        tags,
        summary: "Free the seat of an offline engine's license file by the release code the engine printed",
        params,
        body: ReleaseCodeBodySchema,
        response: { 200: ReleasedActivationSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => offlineActivations.release(requireAuth(request), request.params.id, request.body.code),
  );

  app.post(
    '/api/subscription/:id/usage-files',
    {
      // A usage file holds up to ten times a usage call's batch, in base64 (a third more).
      bodyLimit: Math.ceil(MAX_USAGE_BODY_BYTES * 10 * (4 / 3)) + 4096,
      schema: {
        operationId: 'uploadUsageFile',
        security: orToken(Access.signedInMutation, 'licensing'),
        ...needs('licenses'),
        tags,
        summary:
          'Count the usage file of an offline engine: each transaction id once; a month already billed gets its overage on the next bill',
        params,
        body: UsageFileBodySchema,
        response: { 200: UsageFileResultSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => offlineUsage.upload(requireAuth(request), request.params.id, request.body.usageFile),
  );
};
