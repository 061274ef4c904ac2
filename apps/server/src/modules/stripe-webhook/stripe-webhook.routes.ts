import { ErrorBodySchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps';
import { Access } from '../../plugins/route-security';
import type { StripeWebhookService } from './stripe-webhook.service';

export const BAD_SIGNATURE = 'The Stripe-Signature header does not match this body.';

/**
 * POST /api/stripe/webhook (decision 018): Stripe's events, verified with STRIPE_WEBHOOK_SECRET
 * against the raw body, each recorded once. Without the secret (the demo) the route does not exist.
 * The raw body parser is registered in this plugin's scope only: every other route parses JSON.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<
  Pick<AppDeps, 'config'> & { stripeWebhook: StripeWebhookService }
> = async (app, deps) => {
  const secret = deps.config.stripeWebhookSecret;
  if (!secret) return;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        operationId: 'receiveStripeEvent',
        summary: "Stripe's events (signed)",
        tags: ['stripe'],
        security: Access.public,
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
        event = Stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        return reply.status(400).send({ message: BAD_SIGNATURE, code: 'BAD_REQUEST' });
      }
      const outcome = await deps.stripeWebhook.receive(event, request.log);
      if (outcome === null) return { received: true as const, duplicate: true };
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true as const, duplicate: false };
    },
  );
};
