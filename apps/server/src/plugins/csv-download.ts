import type { FastifyReply } from 'fastify';
import { z } from 'zod/mini';

// The console's exports (the audit log, bills): one answer shape and the same headers for each.

export const csvResponse = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: z.string() } } },
});

/** An attachment the browser saves under `fileName`, never kept by a cache. */
export const sendCsv = (reply: FastifyReply, fileName: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
