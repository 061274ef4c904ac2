import {
  idParams,
  OpsBillActionAnswerSchema,
  OpsBillDetailSchema,
  OpsBillListSchema,
  OpsBillsExportQuerySchema,
  OpsBillsQuerySchema,
  OpsCloseBillBodySchema,
  OpsMarkPaidBodySchema,
  OpsReconcileQuerySchema,
  OpsReconcileReportSchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvResponse, sendCsv } from '../../plugins/csv-download';
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
        summary:
          'Past-due bills, open invoices, or every bill; of one organization, of one status, dated between two days',
        querystring: OpsBillsQuerySchema,
        response: { 200: OpsBillListSchema },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      return service.listBills(filter, page);
    },
  );

  app.get(
    '/api/ops/bills.csv',
    {
      schema: {
        operationId: 'opsExportBills',
        security: Access.operator,
        tags,
        summary: 'The bills the same filters list, as CSV',
        querystring: OpsBillsExportQuerySchema,
        response: csvResponse('The matching bills (bills.csv)'),
      },
    },
    async (request, reply) => sendCsv(reply, 'bills.csv', await service.exportBills(request.query)),
  );

  app.get(
    '/api/ops/reconcile',
    {
      schema: {
        operationId: 'opsReconcile',
        security: Access.operator,
        tags,
        summary:
          "The gateway's charges and refunds against the bills (as `npm run ops -- reconcile`), each difference with its bill",
        querystring: OpsReconcileQuerySchema,
        response: { 200: OpsReconcileReportSchema },
      },
    },
    async (request) => service.reconcile(request.query.since),
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

  // The collection actions (docs/decisions/029): each answers the bill as it is now with a sentence
  // of what happened, or a 409 saying why it does not apply to this bill.
  const actionErrors = errorResponses(404, 409);

  app.post(
    '/api/ops/bills/:orderId/mark-paid',
    {
      schema: {
        operationId: 'opsMarkBillPaid',
        security: Access.operatorMutation,
        tags,
        summary:
          'Record a payment of an unpaid bill received outside the card processor (card bill or invoice, ' +
          'in its grace or after it, or written off), and how; a subscription its grace ended runs again',
        params: OrderParams,
        body: OpsMarkPaidBodySchema,
        response: { 200: OpsBillActionAnswerSchema, ...actionErrors },
      },
    },
    async (request) => service.recordPayment(request.params.orderId, request.body.reference),
  );

  app.post(
    '/api/ops/bills/:orderId/retry',
    {
      schema: {
        operationId: 'opsRetryBill',
        security: Access.operatorMutation,
        tags,
        summary:
          "Charge an unpaid card bill to the organization's card on file now, as the billing engine's " +
          'retries do (one charge per attempt key, never two at once); answers the outcome',
        params: OrderParams,
        response: { 200: OpsBillActionAnswerSchema, ...actionErrors },
      },
    },
    async (request) => service.retryNow(request.params.orderId, request.log),
  );

  app.post(
    '/api/ops/bills/:orderId/void',
    {
      schema: {
        operationId: 'opsVoidBill',
        security: Access.operatorMutation,
        tags,
        summary:
          'Void an unpaid bill: never charged, nothing owed on it; a subscription its grace ended runs again',
        params: OrderParams,
        body: OpsCloseBillBodySchema,
        response: { 200: OpsBillActionAnswerSchema, ...actionErrors },
      },
    },
    async (request) => service.voidBill(request.params.orderId, request.body.reason),
  );

  app.post(
    '/api/ops/bills/:orderId/write-off',
    {
      schema: {
        operationId: 'opsWriteOffBill',
        security: Access.operatorMutation,
        tags,
        summary:
          'Write an unpaid bill off as uncollectible: unpaid in the books, never charged or reminded again; ' +
          'its subscriptions end when its grace does',
        params: OrderParams,
        body: OpsCloseBillBodySchema,
        response: { 200: OpsBillActionAnswerSchema, ...actionErrors },
      },
    },
    async (request) => service.writeOff(request.params.orderId, request.body.reason),
  );
};
