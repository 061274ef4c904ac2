import {
  ActivateRequestSchema,
  ActivationResultSchema,
  LicensingPublicKeySchema,
  UsageRequestSchema,
  UsageResultSchema,
  ValidateRequestSchema,
  ValidationCode,
  ValidationResultSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { Access, errorResponses } from '../../plugins/route-security';
import { createKeyLimits } from './key-limits';
import { LICENSE_FILE_ALG } from './license-file';
import { signingKeys } from './license-keys';
import { createLicensingService } from './licensing.service';

const tags = ['licensing'];

/**
 * What engines and designers call (DESIGN.md §5), authenticated by the license key in the body and
 * exempt from XSRF (no browser involved): activation, validation, usage reports, the public key.
 */
export const licensingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = createLicensingService(deps);
  const keyLimits = createKeyLimits(deps.limits.licensing);

  app.get(
    '/api/licensing/public-key',
    {
      schema: {
        security: Access.public,
        response: { 200: LicensingPublicKeySchema },
        tags,
        summary: 'The Ed25519 public keys that verify offline license files (every key still valid)',
      },
    },
    async () => {
      const keys = await signingKeys(deps.db);
      return {
        algorithm: 'ed25519',
        alg: LICENSE_FILE_ALG,
        publicKey: keys.publicKeyPem,
        keyId: keys.keyId,
        keys: keys.published.map((k) => ({ keyId: k.keyId, publicKey: k.publicKeyPem })),
      };
    },
  );

  app.post(
    '/api/licensing/activate',
    {
      schema: {
        security: Access.public,
        response: {
          200: ActivationResultSchema,
          201: ActivationResultSchema,
          ...errorResponses(403, 404, 409, 429),
        },
        tags,
        summary: 'Activate a machine (engine or designer) against a license key, up to the licensed count',
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
    '/api/licensing/validate',
    {
      schema: {
        security: Access.public,
        response: { 200: ValidationResultSchema, ...errorResponses(429) },
        tags,
        summary: 'Validate a license key (and optionally a machine): 200 with valid and a code',
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
      schema: {
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
