import {
  OpsCancelSubscriptionBodySchema,
  OpsExtendSubscriptionBodySchema,
  OpsMoveSubscribersAnswerSchema,
  OpsMoveSubscribersBodySchema,
  OpsOrganizationPersonParamsSchema,
  OpsPersonActionAnswerSchema,
  OpsPlanParamsSchema,
  OpsSubscriptionActionAnswerSchema,
  OpsSubscriptionChangeBodySchema,
  OpsSubscriptionChangeQuoteSchema,
  OpsSubscriptionParamsSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Access, errorResponses } from '../../plugins/route-security';
import type { ConsoleActionsService } from './console-actions.service';

const tags = ['operator'];
const subscription = '/api/ops/organizations/:organizationId/subscriptions/:subscriptionId';
const person = '/api/ops/organizations/:organizationId/persons/:personId';

/**
 * The organization page's actions on a subscription and a user, and the catalogue's move of a
 * retired plan's subscribers (docs/decisions/031). Each is audited under the operator's name.
 */
export const opsActionsRoutes: FastifyPluginAsyncZod<{ actions: ConsoleActionsService }> = async (
  app,
  { actions },
) => {
  app.post(
    `${subscription}/cancel`,
    {
      schema: {
        operationId: 'opsCancelSubscription',
        security: Access.operatorMutation,
        tags,
        summary: 'Cancel a subscription now, or at the end of its paid period as the customer’s own cancel',
        params: OpsSubscriptionParamsSchema,
        body: OpsCancelSubscriptionBodySchema,
        response: { 200: OpsSubscriptionActionAnswerSchema, ...errorResponses(409) },
      },
    },
    async ({ params, body }) =>
      actions.cancelSubscription(params.organizationId, params.subscriptionId, body.when),
  );

  app.post(
    `${subscription}/change-quote`,
    {
      schema: {
        operationId: 'opsQuoteSubscriptionChange',
        security: Access.operatorMutation,
        tags,
        summary:
          'What a change of plan or quantities would bill now, as the customer’s editor prices it; nothing changes',
        params: OpsSubscriptionParamsSchema,
        body: OpsSubscriptionChangeBodySchema,
        response: { 200: OpsSubscriptionChangeQuoteSchema, ...errorResponses(409) },
      },
    },
    async ({ params, body }) => actions.quoteChange(params.organizationId, params.subscriptionId, body),
  );

  app.post(
    `${subscription}/change`,
    {
      schema: {
        operationId: 'opsChangeSubscription',
        security: Access.operatorMutation,
        tags,
        summary:
          'Change a subscription’s plan or quantities with the editor’s proration: a higher fee now (charged or invoiced), a lower one at renewal',
        params: OpsSubscriptionParamsSchema,
        body: OpsSubscriptionChangeBodySchema,
        response: { 200: OpsSubscriptionActionAnswerSchema, ...errorResponses(402, 409, 502) },
      },
    },
    async ({ params, body }) =>
      actions.changeSubscription(params.organizationId, params.subscriptionId, body),
  );

  app.post(
    `${subscription}/extend`,
    {
      schema: {
        operationId: 'opsExtendSubscription',
        security: Access.operatorMutation,
        tags,
        summary: 'Extend the paid period by a number of days, at no charge: the renewal moves',
        params: OpsSubscriptionParamsSchema,
        body: OpsExtendSubscriptionBodySchema,
        response: { 200: OpsSubscriptionActionAnswerSchema, ...errorResponses(409) },
      },
    },
    async ({ params, body }) =>
      actions.extendSubscription(params.organizationId, params.subscriptionId, body.days),
  );

  app.post(
    `${person}/two-factor-reset`,
    {
      schema: {
        operationId: 'opsResetTwoFactor',
        security: Access.operatorMutation,
        tags,
        summary: 'Reset a customer’s two-factor sign-in: their sessions end and they set it up again',
        params: OpsOrganizationPersonParamsSchema,
        response: { 200: OpsPersonActionAnswerSchema, ...errorResponses(409) },
      },
    },
    async ({ params }) => actions.resetTwoFactor(params.organizationId, params.personId),
  );

  app.post(
    `${person}/demote`,
    {
      schema: {
        operationId: 'opsDemoteAdmin',
        security: Access.operatorMutation,
        tags,
        summary: 'Make an administrator a plain user; never the organization’s last administrator',
        params: OpsOrganizationPersonParamsSchema,
        response: { 200: OpsPersonActionAnswerSchema, ...errorResponses(409) },
      },
    },
    async ({ params }) => actions.demoteAdmin(params.organizationId, params.personId),
  );

  app.delete(
    person,
    {
      schema: {
        operationId: 'opsRemovePerson',
        security: Access.operatorMutation,
        tags,
        summary: 'Remove a user from the organization; never its last administrator',
        params: OpsOrganizationPersonParamsSchema,
        response: { 200: OpsPersonActionAnswerSchema, ...errorResponses(409) },
      },
    },
    async ({ params }) => actions.removePerson(params.organizationId, params.personId),
  );

  app.post(
    '/api/ops/plans/:planId/subscribers/move',
    {
      schema: {
        operationId: 'opsMovePlanSubscribers',
        security: Access.operatorMutation,
        tags,
        summary:
          'Move a retired plan’s subscribers to another plan of the product at their next renewal, mailing their admins',
        params: OpsPlanParamsSchema,
        body: OpsMoveSubscribersBodySchema,
        response: { 200: OpsMoveSubscribersAnswerSchema, ...errorResponses(409) },
      },
    },
    async ({ params, body }) => actions.moveSubscribers(params.planId, body.toPlanId),
  );
};
