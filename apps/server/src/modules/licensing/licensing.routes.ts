import {
  ActivateRequestSchema,
  ActivationResultSchema,
  LicensingPublicKeySchema,
  UsageRequestSchema,
  UsageResultSchema,
  ValidateRequestSchema,
  ValidationResultSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { Access, errorResponses } from '../../plugins/route-security';
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

  app.get(
    '/api/licensing/public-key',
    {
      schema: {
        security: Access.public,
        response: { 200: LicensingPublicKeySchema },
        tags,
        summary: 'The Ed25519 public key that verifies offline license files',
      },
    },
    async () => {
      const keys = await signingKeys(deps.db);
      return { algorithm: 'ed25519', alg: LICENSE_FILE_ALG, publicKey: keys.publicKeyPem };
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
          ...errorResponses(403, 404, 409),
        },
        tags,
        summary: 'Activate a machine (engine or designer) against a license key, up to the licensed count',
        body: ActivateRequestSchema,
      },
    },
    async (request, reply) => {
      const result = await service.activate(request.body);
      return reply.status(result.status as 200 | 201).send(result.body);
    },
  );

  app.post(
    '/api/licensing/validate',
    {
      schema: {
        security: Access.public,
        response: { 200: ValidationResultSchema },
        tags,
        summary: 'Validate a license key (and optionally a machine): 200 with valid and a code',
        body: ValidateRequestSchema,
      },
    },
    async (request) => service.validate(request.body),
  );

  app.post(
    '/api/licensing/usage',
    {
      schema: {
        security: Access.public,
        response: { 200: UsageResultSchema, ...errorResponses(403, 404) },
        tags,
        summary: 'Report usage, singly or in batches of up to 1000; a repeated transaction id counts once',
        body: UsageRequestSchema,
      },
    },
    async (request) => service.recordUsage(request.body),
  );
};
