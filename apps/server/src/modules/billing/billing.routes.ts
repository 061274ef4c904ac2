import { BillSchema, idParams } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/domain-error';
import { requireAuth } from '../../plugins/auth';
import { pdfDownloadResponses, sendPdf, throttlePdfDownload } from '../../plugins/pdf-download';
import { Access, needs, orToken } from '../../plugins/route-security';
import type { BillingService } from './billing.service';
import { renderInvoicePdf } from './invoice-pdf';

const OrderIdParams = idParams('orderId', 'orderId');

export const BILL_NOT_FOUND = 'There is no such bill in your organization.';

/** Bill history and invoices (docs/spec.md §2 Billing History, decision 007). Any signed-in person sees the own organization's bills only. */
export const billingRoutes: FastifyPluginAsyncZod<
  Pick<AppDeps, 'limits' | 'config'> & { billing: Pick<BillingService, 'listBills' | 'findInvoice'> }
> = async (app, deps) => {
  app.get(
    '/api/order/history',
    {
      schema: {
        operationId: 'listBills',
        security: orToken(Access.signedIn, 'billing:read'),
        ...needs('billing'),
        tags: ['billing'],
        summary: "The organization's bills, newest first (Billing History)",
        response: { 200: z.array(BillSchema) },
      },
    },
    async (request) => deps.billing.listBills(requireAuth(request).organization.id),
  );

  app.get(
    '/api/order/invoice/:orderId',
    {
      schema: {
        operationId: 'downloadInvoice',
        security: orToken(Access.signedIn, 'billing:read'),
        ...needs('billing'),
        tags: ['billing'],
        summary:
          "The invoice of one bill as a PDF (invoice_{orderId}.pdf); another organization's bill is a 404",
        params: OrderIdParams,
        response: pdfDownloadResponses('The invoice (invoice_{orderId}.pdf)'),
      },
    },
    async (request, reply) => {
      const { organization, person } = requireAuth(request);
      await throttlePdfDownload(deps.limits.invoicePdfs, person.id);
      const invoice = await deps.billing.findInvoice(organization.id, request.params.orderId);
      if (!invoice) throw notFound(BILL_NOT_FOUND);
      const pdf = await renderInvoicePdf(invoice, deps.config.seller);
      return sendPdf(reply, `invoice_${invoice.orderId}.pdf`, pdf);
    },
  );
};
