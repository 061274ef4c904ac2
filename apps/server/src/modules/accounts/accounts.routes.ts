import {
  AccountPersonSchema,
  CreatePersonSchema,
  DeletePersonResponseSchema,
  EMAIL_MAX,
  idParams,
  maxChars,
  PersonSchema,
  RegisterOrganizationResponseSchema,
  RegisterOrganizationSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
  ResetRequestAnswerSchema,
  ResetRequestCheckSchema,
  UpdatePersonSchema,
  VerifyEmailResponseSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs, orToken } from '../../plugins/route-security';
import type { AccountsService } from './accounts.service';
import type { PasswordResetService } from './password-reset.service';
import type { PersonsService } from './persons.service';

const PersonIdParams = idParams('id', 'Person id');
const PersonIdParamsUpdate = idParams('personId', 'Person id');
const LinkToken = (name: string) =>
  z.string().check(z.minLength(1, `${name} is required`), ...maxChars(200, `${name} is too long`));

/** Routes of registration, verification, password reset and the users of an organization (docs/spec.md §7, docs/decisions/005). */
export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  persons: PersonsService;
  reset: PasswordResetService;
}> = async (app, { accounts, persons, reset }) => {
  app.post(
    '/api/organization/register',
    {
      schema: {
        operationId: 'registerOrganization',
        security: Access.publicMutation,
        tags: ['accounts'],
        summary: 'Register a new organization with its admin user; mails a link to verify the address',
        body: RegisterOrganizationSchema,
        response: { 201: RegisterOrganizationResponseSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.registerOrganization(request.body, request.ip)),
  );

  app.post(
    '/api/person/verify_email/:verifyId',
    {
      schema: {
        operationId: 'verifyEmail',
        security: Access.publicMutation,
        tags: ['accounts'],
        summary: 'Verify an e-mail address with the link mailed to it (single use)',
        params: z.strictObject({ verifyId: LinkToken('verifyId') }),
        response: { 200: VerifyEmailResponseSchema, ...errorResponses(409, 429) },
      },
    },
    async (request) => accounts.verifyEmail(request.params.verifyId, request.ip),
  );

  app.get(
    '/api/person/password_reset_request/:address',
    {
      schema: {
        operationId: 'requestPasswordReset',
        security: Access.public,
        tags: ['accounts'],
        summary: 'Mail a password reset link; answers the same for every address',
        params: z.strictObject({
          address: z
            .string()
            .check(z.minLength(1, 'Email is required.'), ...maxChars(EMAIL_MAX, 'Email is too long')),
        }),
        response: { 200: ResetRequestAnswerSchema, ...errorResponses(429) },
      },
    },
    async (request) => reset.requestReset(request.params.address, request.ip),
  );

  app.get(
    '/api/person/valid_reset_request/:resetId',
    {
      schema: {
        operationId: 'checkPasswordResetLink',
        security: Access.public,
        tags: ['accounts'],
        summary: 'Whether a password reset link can still be used',
        params: z.strictObject({ resetId: LinkToken('resetId') }),
        response: { 200: ResetRequestCheckSchema, ...errorResponses(429) },
      },
    },
    async (request) => reset.checkReset(request.params.resetId, request.ip),
  );

  app.post(
    '/api/person/reset_password/:resetId',
    {
      schema: {
        operationId: 'resetPassword',
        security: Access.publicMutation,
        tags: ['accounts'],
        summary: 'Set a new password with a reset link; may ask to choose an organization',
        params: z.strictObject({ resetId: LinkToken('resetId') }),
        body: ResetPasswordRequestSchema,
        response: { 200: ResetPasswordResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => reset.resetPassword(request.params.resetId, request.body, request.ip),
  );

  app.get(
    '/api/person/all',
    {
      schema: {
        operationId: 'listUsers',
        security: orToken(Access.signedIn, 'users:read'),
        ...needs('admin'),
        tags: ['accounts'],
        summary: "The users of the admin's organization",
        response: { 200: z.array(PersonSchema), ...errorResponses(403) },
      },
    },
    async (request) => persons.listPersons(requireAuth(request)),
  );

  app.post(
    '/api/person/create',
    {
      schema: {
        operationId: 'createUser',
        security: orToken(Access.signedInMutation, 'users:write'),
        ...needs('admin'),
        tags: ['accounts'],
        summary: 'Add a user to the organization (admin); mails them a link to verify the address',
        body: CreatePersonSchema,
        response: { 201: AccountPersonSchema, ...errorResponses(403, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await persons.createPerson(requireAuth(request), request.body)),
  );

  app.post(
    '/api/person/update/:personId',
    {
      schema: {
        operationId: 'updateUser',
        security: orToken(Access.signedInMutation, 'users:write'),
        tags: ['accounts'],
        summary: 'Change a user: yourself, or (admin) a user of your organization',
        params: PersonIdParamsUpdate,
        body: UpdatePersonSchema,
        response: { 200: AccountPersonSchema, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) =>
      persons.updatePerson(requireAuth(request), request.params.personId, request.body, request.ip),
  );

  app.get(
    '/api/person/:id',
    {
      // The Account screen, where the set-up happens, reads the person.
      config: { allowDuringTwoFactorSetup: true },
      schema: {
        operationId: 'getUser',
        security: orToken(Access.signedIn, 'users:read'),
        tags: ['accounts'],
        summary: 'A user: yourself, or (admin) a user of your organization',
        params: PersonIdParams,
        response: { 200: AccountPersonSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => persons.getPerson(requireAuth(request), request.params.id),
  );

  app.delete(
    '/api/person/:id',
    {
      schema: {
        operationId: 'deleteUser',
        security: orToken(Access.signedInMutation, 'users:write'),
        ...needs('admin'),
        tags: ['accounts'],
        summary: 'Delete a user of your organization (admin); not yourself, not the last admin',
        params: PersonIdParams,
        response: { 200: DeletePersonResponseSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => persons.deletePerson(requireAuth(request), request.params.id),
  );
};
