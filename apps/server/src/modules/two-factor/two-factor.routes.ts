import {
  idParams,
  SuccessSchema,
  TwoFactorCodeRequestSchema,
  TwoFactorEnabledSchema,
  TwoFactorPolicySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs } from '../../plugins/route-security';
import type { TwoFactorService } from './two-factor.service';

const tags = ['two-factor'];
// Reachable by a person who must set up two-factor sign-in before anything else.
const duringSetup = { allowDuringTwoFactorSetup: true };

/** Two-factor sign-in on the Account screen, and an admin's controls over it (docs/design.md §4). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor: service },
) => {
  app.get(
    '/api/person/2fa',
    {
      config: duringSetup,
      schema: {
        operationId: 'getTwoFactorStatus',
        security: Access.signedIn,
        tags,
        summary: "Whether the signed-in person's two-factor sign-in is on, and recovery codes left",
        response: { 200: TwoFactorStatusSchema },
      },
    },
    async (request) => service.status(requireAuth(request)),
  );

  app.post(
    '/api/person/2fa/setup',
    {
      config: duringSetup,
      schema: {
        operationId: 'startTwoFactorSetup',
        security: Access.signedInMutation,
        tags,
        summary: 'Start setting up two-factor sign-in: a new secret and its otpauth URI (for a QR code)',
        response: { 200: TwoFactorSetupSchema, ...errorResponses(409) },
      },
    },
    async (request) => service.setup(requireAuth(request)),
  );

  app.post(
    '/api/person/2fa/enable',
    {
      config: duringSetup,
      schema: {
        operationId: 'enableTwoFactor',
        security: Access.signedInMutation,
        tags,
        summary: 'Turn two-factor sign-in on with a first code; answers 10 single-use recovery codes, once',
        body: TwoFactorCodeRequestSchema,
        response: { 200: TwoFactorEnabledSchema, ...errorResponses(409) },
      },
    },
    async (request) => service.enable(requireAuth(request), request.body.code),
  );

  app.post(
    '/api/person/2fa/disable',
    {
      schema: {
        operationId: 'disableTwoFactor',
        security: Access.signedInMutation,
        tags,
        summary: 'Turn two-factor sign-in off with a current code',
        body: TwoFactorCodeRequestSchema,
        response: { 200: SuccessSchema, ...errorResponses(409, 429) },
      },
    },
    async (request) => service.disable(requireAuth(request), request.body.code, request.ip),
  );

  app.post(
    '/api/person/:personId/2fa/reset',
    {
      schema: {
        operationId: 'resetUserTwoFactor',
        security: Access.signedInMutation,
        ...needs('admin'),
        tags,
        summary: "Reset a user's two-factor sign-in (admin): they set it up again at their next sign-in",
        params: idParams('personId', 'Person id'),
        response: { 200: SuccessSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => service.reset(requireAuth(request), request.params.personId),
  );

  app.get(
    '/api/organization/two-factor-policy',
    {
      schema: {
        operationId: 'getTwoFactorPolicy',
        security: Access.signedIn,
        tags,
        summary: "Whether the organization's admins must sign in with two factors",
        response: { 200: TwoFactorPolicySchema },
      },
    },
    async (request) => service.policy(requireAuth(request)),
  );

  app.put(
    '/api/organization/two-factor-policy',
    {
      schema: {
        operationId: 'setTwoFactorPolicy',
        security: Access.signedInMutation,
        ...needs('admin'),
        tags,
        summary: "Require two-factor sign-in of the organization's admins, or stop requiring it (admin)",
        body: TwoFactorPolicySchema,
        response: { 200: TwoFactorPolicySchema, ...errorResponses(403, 409) },
      },
    },
    async (request) => service.setPolicy(requireAuth(request), request.body.adminsRequired),
  );
};
