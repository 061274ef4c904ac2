import {
  BillSummarySchema,
  idParams,
  OpsBillDetailSchema,
  OpsBillListSchema,
  OpsBillsQuerySchema,
  OpsMarkPaidBodySchema,
  OpsMessages,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/domain-error';
import { Access, errorResponses } from '../../plugins/route-security';
import { recordInvoicePayment } from '../billing';
import { billDetail, listBills } from './ops-bills';

const tags = ['operator'];
const OrderParams = idParams('orderId', 'Order id');

/** The console's Bills screen (the operator API contract, "Bills"). */
export const opsBillsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/ops/bills',
    {
      schema: {
        security: Access.operator,
        tags,
        summary: 'Past-due bills, open invoices, or every bill',
        querystring: OpsBillsQuerySchema,
        response: { 200: OpsBillListSchema },
      },
    },
    async (request) => listBills(db, request.query.filter, request.query.page),
  );

  app.get(
    '/api/ops/bills/:orderId',
    {
      schema: {
        security: Access.operator,
        tags,
        summary: 'One bill with its lines and every charge attempt',
        params: OrderParams,
        response: { 200: OpsBillDetailSchema },
      },
    },
    async (request) => {
      const detail = await billDetail(db, request.params.orderId);
      if (!detail) throw notFound(OpsMessages.billNotFound(request.params.orderId));
      return detail;
    },
  );

  app.post(
    '/api/ops/bills/:orderId/mark-paid',
    {
      schema: {
        security: Access.operatorMutation,
        tags,
        summary: 'Record that an open invoice was paid offline, and how',
        params: OrderParams,
        body: OpsMarkPaidBodySchema,
        response: { 200: BillSummarySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      if (!(await billDetail(db, orderId))) throw notFound(OpsMessages.billNotFound(orderId));
      await recordInvoicePayment(db, deps.clock, orderId, request.body.reference);
      return (await billDetail(db, orderId))!.bill;
    },
  );
};
