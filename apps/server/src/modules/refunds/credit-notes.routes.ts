import { type BilledTo, creditNoteFileName, DOCUMENT_NUMBER_PATTERN, ThrottleMessages } from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/domain-error';
import { consumeOrRefuse } from '../../lib/limits/refuse';
import { requireAuth } from '../../plugins/auth';
import { Access, errorResponses } from '../../plugins/route-security';
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
        security: Access.signedIn,
        tags: ['billing'],
        summary:
          "A refund's credit note as a PDF (credit_note_{number}.pdf); another organization's is a 404",
        params: CreditNoteParams,
        response: {
          200: {
            description: 'The credit note (credit_note_{number}.pdf)',
            content: {
              'application/pdf': { schema: z.any().check(z.meta({ type: 'string', format: 'binary' })) },
            },
          },
          ...errorResponses(404, 429),
        },
      },
    },
    async (request, reply) => {
      const { organization, person } = requireAuth(request);
      await consumeOrRefuse(deps.limits.invoicePdfs, String(person.id), ThrottleMessages.tooManyRequests);
      const found = await deps.refunds.creditNote(organization.id, request.params.number);
      if (!found) throw notFound(CREDIT_NOTE_NOT_FOUND);
      const { refund, invoiceNumber } = found;
      const pdf = await renderCreditNotePdf(
        { refund, invoiceNumber, billedTo: refund.billedTo as BilledTo },
        deps.config.seller,
      );
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${creditNoteFileName(refund.creditNoteNumber!)}"`,
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
