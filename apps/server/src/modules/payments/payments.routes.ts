import { idParams, OpenBillListSchema, PaymentResultSchema, SandboxAuthenticationSchema } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps';
import { isSandboxGateway } from '../../gateway/sandbox-gateway';
import { badRequest } from '../../lib/domain-error';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses, needs } from '../../plugins/route-security';
import type { PaymentsService } from './payments.service';

const OrderIdParams = idParams('orderId', 'orderId');

/** Payments with the customer present and 3-D Secure (docs/decisions/024). Paying is the admins'. */
export const paymentsRoutes: FastifyPluginAsyncZod<
  Pick<AppDeps, 'gateway'> & { payments: PaymentsService }
> = async (app, { gateway, payments }) => {
  app.get(
    '/api/order/open',
    {
      schema: {
        operationId: 'listOpenBills',
        security: Access.signedIn,
        ...needs('billing'),
        tags: ['billing'],
        summary: "The organization's card bills still owed (renewals and overage), oldest first (Pay Bills)",
        response: { 200: OpenBillListSchema, ...errorResponses(403) },
      },
    },
    async (request) => payments.openBills(requireAuth(request).organization.id),
  );

  app.post(
    '/api/order/:orderId/pay',
    {
      schema: {
        operationId: 'payBill',
        security: Access.signedInMutation,
        ...needs('billing'),
        tags: ['billing'],
        summary:
          'Pays an open bill with the card on file, the customer present: paid, refused (402), or the bank asks ' +
          'for authentication first (`authentication`; then POST …/authenticated)',
        params: OrderIdParams,
        response: { 200: PaymentResultSchema, ...errorResponses(402, 403, 404, 409, 502) },
      },
    },
    async (request) => payments.pay(requireAuth(request).organization.id, request.params.orderId),
  );

  app.post(
    '/api/order/:orderId/authenticated',
    {
      schema: {
        operationId: 'completeBillAuthentication',
        security: Access.signedInMutation,
        ...needs('billing'),
        tags: ['billing'],
        summary:
          "The bank's challenge for this bill's charge has ended (completed, failed or closed): the gateway is " +
          'asked what became of the charge and the bill (a checkout, an editor change or a bill) is settled; ' +
          'a charge still waiting is cancelled and nothing is charged',
        params: OrderIdParams,
        response: { 200: PaymentResultSchema, ...errorResponses(402, 403, 404, 409) },
      },
    },
    async (request) => payments.authenticated(requireAuth(request).organization.id, request.params.orderId),
  );

  // The sandbox's stand-in for the bank's 3-D Secure page (demo mode only; Stripe.js talks to Stripe).
  if (isSandboxGateway(gateway)) {
    const sandbox = gateway;
    app.post(
      '/api/sandbox/authentication',
      {
        schema: {
          operationId: 'completeSandboxAuthentication',
          security: Access.signedInMutation,
          ...needs('billing'),
          tags: ['billing'],
          summary:
            "The sandbox's 3-D Secure challenge: completes or fails the charge its client secret names",
          body: SandboxAuthenticationSchema,
          response: { 200: z.object({ ok: z.boolean() }), ...errorResponses() },
        },
      },
      async (request) => {
        const done = await sandbox.authenticate(request.body.clientSecret, request.body.outcome);
        if (!done) throw badRequest('This payment is not waiting for authentication.');
        return { ok: true };
      },
    );
  }
};
