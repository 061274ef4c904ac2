import {
  idParams,
  RefundAnswerSchema,
  RefundHeadersSchema,
  RefundRequestSchema,
  RefundSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses } from '../../plugins/route-security';
import type { RefundsService } from './refunds.service';

const OrderIdParams = idParams('orderId', 'orderId');

/** The operator's refunds of a paid bill (the operator API contract, "Bills"; docs/decisions/016). */
export const refundsRoutes: FastifyPluginAsyncZod<{
  refunds: Pick<RefundsService, 'refundBill' | 'listRefundsOfBill'>;
}> = async (app, { refunds }) => {
  app.post(
    '/api/ops/bills/:orderId/refunds',
    {
      schema: {
        operationId: 'opsRefundBill',
        security: Access.operatorMutation,
        tags: ['operator'],
        summary:
          'Refunds a paid bill fully or in part and issues a credit note: to the card through the gateway, or ' +
          'recorded (offlineMethod) for a bill paid by invoice. Over-refunds are refused; Idempotency-Key makes a retry refund once.',
        params: OrderIdParams,
        headers: RefundHeadersSchema,
        body: RefundRequestSchema,
        response: { 200: RefundAnswerSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const { person } = requireAuth(request);
      return refunds.refundBill({
        orderId: request.params.orderId,
        request: request.body,
        requestKey: request.headers['idempotency-key'] ?? null,
        operatorPersonId: person.id,
      });
    },
  );

  app.get(
    '/api/ops/bills/:orderId/refunds',
    {
      schema: {
        operationId: 'opsListBillRefunds',
        security: Access.operator,
        tags: ['operator'],
        summary: "A bill's refunds, oldest first, with their credit notes",
        params: OrderIdParams,
        response: { 200: z.object({ items: z.array(RefundSchema) }), ...errorResponses(404) },
      },
    },
    async (request) => ({ items: await refunds.listRefundsOfBill(request.params.orderId) }),
  );
};
