import {
  ActivateRequestSchema,
  ActivationResultSchema,
  HeartbeatRequestSchema,
  HeartbeatResultSchema,
  LicensingPublicKeySchema,
  MAX_USAGE_BODY_BYTES,
  UsageRequestSchema,
  UsageResultSchema,
  ValidateRequestSchema,
  ValidationCode,
  ValidationResultSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limits } from '../../lib/limits/limits';
import { Access, errorResponses } from '../../plugins/route-security';
import { createKeyLimits } from './key-limits';
import { leasesRoutes } from './leases.routes';
import type { LeasesService } from './leases.service';
import type { LicensingService } from './licensing.service';
import { machinesRoutes } from './machines.routes';
import type { MachinesService } from './machines.service';
import { offlineActivationRoutes } from './offline-activation.routes';
import type { OfflineActivationService } from './offline-activation.service';
import type { OfflineUsageService } from './offline-usage.service';

const tags = ['licensing'];
// Activation, heartbeat and validation answer a few hundred bytes, under the size the store
// compresses from (app.ts): those routes skip the compression hooks, which run on every call.

/**
 * What engines and designers call (docs/design.md §5, docs/licensing.md), authenticated by the license
 * key in the body and exempt from XSRF (no browser involved): activation, heartbeats, validation,
 * usage reports, the public key. The portal's machines list is in machines.routes.ts.
 */
export const licensingRoutes: FastifyPluginAsyncZod<{
  licensing: LicensingService;
  machines: MachinesService;
  leases: LeasesService;
  offlineActivations: OfflineActivationService;
  offlineUsage: OfflineUsageService;
  limits: Pick<Limits, 'licensing'>;
}> = async (app, deps) => {
  const service = deps.licensing;
  const keyLimits = createKeyLimits(deps.limits.licensing);
  await app.register(machinesRoutes, { machines: deps.machines });
  await app.register(leasesRoutes, { leases: deps.leases, keyLimits });
  await app.register(offlineActivationRoutes, deps);

  app.get(
    '/api/licensing/public-key',
    {
      schema: {
        operationId: 'listLicensePublicKeys',
        security: Access.public,
        response: { 200: LicensingPublicKeySchema },
        tags,
        summary: 'The Ed25519 public keys that verify offline license files (every key still valid)',
      },
    },
    async () => service.publicKeys(),
  );

  app.post(
    '/api/licensing/activate',
    {
      compress: false,
      schema: {
        operationId: 'activateMachine',
        security: Access.public,
        response: {
          200: ActivationResultSchema,
          201: ActivationResultSchema,
          ...errorResponses(403, 404, 409, 429),
        },
        tags,
        summary:
          'Activate a machine (engine or designer) against a license key, up to the licensed count: 201 new, 200 already activated',
        body: ActivateRequestSchema,
      },
    },
    async (request, reply) => {
      const result = await keyLimits.run(request, request.body.licenseKey, () =>
        service.activate(request.body),
      );
      return reply.status(result.status as 200 | 201).send(result.body);
    },
  );

  app.post(
    '/api/licensing/heartbeat',
    {
      compress: false,
      schema: {
        operationId: 'sendHeartbeat',
        security: Access.public,
        response: { 200: HeartbeatResultSchema, ...errorResponses(403, 404, 409, 429) },
        tags,
        summary:
          'A sign of life of an activated machine; a machine silent past the heartbeat window loses its seat (HEARTBEAT_DEAD)',
        body: HeartbeatRequestSchema,
      },
    },
    async (request) => keyLimits.run(request, request.body.licenseKey, () => service.heartbeat(request.body)),
  );

  app.post(
    '/api/licensing/validate',
    {
      compress: false,
      schema: {
        operationId: 'validateLicense',
        security: Access.public,
        response: { 200: ValidationResultSchema, ...errorResponses(429) },
        tags,
        summary: 'Validate a license key (and optionally a machine): 200 with valid, a code and the machine',
        body: ValidateRequestSchema,
      },
    },
    async (request) =>
      keyLimits.run(
        request,
        request.body.licenseKey,
        () => service.validate(request.body),
        (answer) => answer.code === ValidationCode.NotFound,
      ),
  );

  app.post(
    '/api/licensing/usage',
    {
      // A full batch with every field at its longest fits (docs/design.md §5: batches of up to 1000).
      bodyLimit: MAX_USAGE_BODY_BYTES,
      schema: {
        operationId: 'reportUsage',
        security: Access.public,
        response: { 200: UsageResultSchema, ...errorResponses(403, 404, 429) },
        tags,
        summary: 'Report usage, singly or in batches of up to 1000; a repeated transaction id counts once',
        body: UsageRequestSchema,
      },
    },
    async (request) =>
      keyLimits.run(request, request.body.licenseKey, () => service.recordUsage(request.body)),
  );
};
