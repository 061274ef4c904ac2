import {
  CreateWebhookEndpointSchema,
  idParam,
  idParams,
  UpdateWebhookEndpointSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs, orToken } from '../../plugins/route-security';
import type { WebhookService } from './webhooks.service';

const tags = ['webhooks'];
const endpointParams = idParams('id', 'Webhook endpoint id');
const deliveryParams = z.object({ id: idParam('Webhook endpoint id'), deliveryId: idParam('Delivery id') });

/**
 * The organization's webhook endpoints, managed by its admins on the API & Webhooks screen or by an
 * API token with the `webhooks` scope (docs/decisions/027). No answer but a creation's or a roll's
 * ever carries a secret.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookService }> = async (app, deps) => {
  const service = deps.webhooks;
  const read = orToken(Access.signedIn, 'webhooks');
  const change = orToken(Access.signedInMutation, 'webhooks');

  app.get(
    '/api/organization/webhooks',
    {
      schema: {
        operationId: 'listWebhookEndpoints',
        security: read,
        ...needs('developer'),
        tags,
        summary: "The organization's webhook endpoints, newest first (never their secrets)",
        response: { 200: WebhookEndpointListSchema, ...errorResponses(403) },
      },
    },
    async (request) => ({ endpoints: await service.list(requireAuth(request)) }),
  );

  app.post(
    '/api/organization/webhooks',
    {
      schema: {
        operationId: 'createWebhookEndpoint',
        security: change,
        ...needs('developer'),
        tags,
        summary:
          'Add an endpoint for the events named (none: every event); the answer is the only time its signing secret is shown',
        body: CreateWebhookEndpointSchema,
        response: { 201: WebhookEndpointWithSecretSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.put(
    '/api/organization/webhooks/:id',
    {
      schema: {
        operationId: 'updateWebhookEndpoint',
        security: change,
        ...needs('developer'),
        tags,
        summary:
          'Change an endpoint: its address, events, description, enable or disable it, or roll its secret (the new one is in the answer; the old one signs beside it for 24 hours)',
        params: endpointParams,
        body: UpdateWebhookEndpointSchema,
        response: { 200: WebhookEndpointWithSecretSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/organization/webhooks/:id',
    {
      schema: {
        operationId: 'deleteWebhookEndpoint',
        security: change,
        ...needs('developer'),
        tags,
        summary: 'Delete an endpoint: no message is sent to it any more, and its deliveries go with it',
        params: endpointParams,
        response: { 200: WebhookEndpointSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => service.remove(requireAuth(request), request.params.id),
  );

  app.post(
    '/api/organization/webhooks/:id/test',
    {
      schema: {
        operationId: 'sendWebhookTestEvent',
        security: change,
        ...needs('developer'),
        tags,
        summary:
          'Send a webhook.test message to the endpoint now; the answer is its delivery with the attempt',
        params: endpointParams,
        response: { 200: WebhookDeliverySchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => service.sendTest(requireAuth(request), request.params.id),
  );

  app.get(
    '/api/organization/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        security: read,
        ...needs('developer'),
        tags,
        summary:
          'The newest 100 messages to the endpoint, each with its attempts (status, duration, the first 1 KB of the answer)',
        params: endpointParams,
        response: { 200: WebhookDeliveryListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ deliveries: await service.deliveries(requireAuth(request), request.params.id) }),
  );

  app.post(
    '/api/organization/webhooks/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        operationId: 'retryWebhookDelivery',
        security: change,
        ...needs('developer'),
        tags,
        summary:
          'Send a message again now, whatever its schedule; the answer is the delivery with the new attempt',
        params: deliveryParams,
        response: { 200: WebhookDeliverySchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => service.retry(requireAuth(request), request.params.id, request.params.deliveryId),
  );
};
