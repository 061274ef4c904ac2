import { type BilledTo, creditNoteFileName, DOCUMENT_NUMBER_PATTERN } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/domain-error';
import { requireAuth } from '../../plugins/auth';
import { pdfDownloadResponses, sendPdf, throttlePdfDownload } from '../../plugins/pdf-download';
import { Access, needs, orToken } from '../../plugins/route-security';
import { renderCreditNotePdf } from './credit-note-pdf';
import type { RefundsService } from './refunds.service';

export const CREDIT_NOTE_NOT_FOUND = 'There is no such credit note in your organization.';

const CreditNoteParams = z.object({
  number: z
    .string()
    .check(z.regex(DOCUMENT_NUMBER_PATTERN, 'number must be a credit note number such as 2026-000123')),
});

/** A credit note as a PDF (docs/design.md §3): the button of its row in Billing History. */
export const creditNotesRoutes: FastifyPluginAsyncZod<
  Pick<AppDeps, 'limits' | 'config'> & { refunds: Pick<RefundsService, 'creditNote'> }
> = async (app, deps) => {
  app.get(
    '/api/order/credit-note/:number',
    {
      schema: {
        operationId: 'downloadCreditNote',
        security: orToken(Access.signedIn, 'billing:read'),
        ...needs('billing'),
        tags: ['billing'],
        summary:
          "A refund's credit note as a PDF (credit_note_{number}.pdf); another organization's is a 404",
        params: CreditNoteParams,
        response: pdfDownloadResponses('The credit note (credit_note_{number}.pdf)'),
      },
    },
    async (request, reply) => {
      const { organization, person } = requireAuth(request);
      await throttlePdfDownload(deps.limits.invoicePdfs, person.id);
      const found = await deps.refunds.creditNote(organization.id, request.params.number);
      if (!found) throw notFound(CREDIT_NOTE_NOT_FOUND);
      const { refund, invoiceNumber } = found;
      const pdf = await renderCreditNotePdf(
        { refund, invoiceNumber, billedTo: refund.billedTo as BilledTo },
        deps.config.seller,
      );
      return sendPdf(reply, creditNoteFileName(refund.creditNoteNumber!), pdf);
    },
  );
};
