import { ThrottleMessages } from '@store/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import { type Consumer, consumeOrRefuse } from '../lib/limits/refuse';
import { errorResponses } from './route-security';

// A signed-in person's PDF of their own organization (an invoice, a credit note): the same answers,
// throttle and headers for each.

/** The PDF, a 404 for another organization's document, a 429 once the person's downloads are used up. */
export const pdfDownloadResponses = (description: string) => ({
  200: {
    description,
    content: {
      'application/pdf': { schema: z.any().check(z.meta({ type: 'string', format: 'binary' })) },
    },
  },
  ...errorResponses(404, 429),
});

/** Each PDF is rendered on request (docs/decisions/013), so a person's downloads are counted. */
export const throttlePdfDownload = (limit: Consumer, personId: number) =>
  consumeOrRefuse(limit, String(personId), ThrottleMessages.tooManyRequests);

/** An attachment the browser saves under `fileName`, never kept by a cache. */
export const sendPdf = (reply: FastifyReply, fileName: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
