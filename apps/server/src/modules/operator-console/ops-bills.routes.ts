import {
  BillSummarySchema,
  idParams,
  OpsBillDetailSchema,
  OpsBillListSchema,
  OpsBillsQuerySchema,
  OpsMarkPaidBodySchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Access, errorResponses } from '../../plugins/route-security';
import type { OperatorConsoleService } from './operator-console.service';

const tags = ['operator'];
const OrderParams = idParams('orderId', 'Order id');

/** The console's Bills screen (the operator API contract, "Bills"). */
export const opsBillsRoutes: FastifyPluginAsyncZod<{ console: OperatorConsoleService }> = async (
  app,
  { console: service },
) => {
  app.get(
    '/api/ops/bills',
    {
      schema: {
        operationId: 'opsListBills',
        security: Access.operator,
        tags,
        summary: 'Past-due bills, open invoices, or every bill',
        querystring: OpsBillsQuerySchema,
        response: { 200: OpsBillListSchema },
      },
    },
    async (request) => service.listBills(request.query.filter, request.query.page),
  );

  app.get(
    '/api/ops/bills/:orderId',
    {
      schema: {
        operationId: 'opsGetBill',
        security: Access.operator,
        tags,
        summary: 'One bill with its lines and every charge attempt',
        params: OrderParams,
        response: { 200: OpsBillDetailSchema },
      },
    },
    async (request) => service.bill(request.params.orderId),
  );

  app.post(
    '/api/ops/bills/:orderId/mark-paid',
    {
      schema: {
        operationId: 'opsMarkBillPaid',
        security: Access.operatorMutation,
        tags,
        summary: 'Record that an open invoice was paid offline, and how',
        params: OrderParams,
        body: OpsMarkPaidBodySchema,
        response: { 200: BillSummarySchema, ...errorResponses(409) },
      },
    },
    async (request) => service.markInvoicePaid(request.params.orderId, request.body.reference),
  );
};
