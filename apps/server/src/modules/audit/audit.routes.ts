import {
  ActivityQuerySchema,
  type AuditEntry,
  AuditPageSchema,
  OpsAuditExportQuerySchema,
  OpsAuditQuerySchema,
} from '@store/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { csvResponse, sendCsv } from '../../plugins/csv-download';
import { Access, errorResponses, needs } from '../../plugins/route-security';
import type { AuditService } from './audit.service';

/**
 * Operators are hidden from customers everywhere (the operator contract): an organization's admin
 * sees that the store's operator acted, not who or from where.
 */
function asCustomerSees(entry: AuditEntry): AuditEntry {
  if (entry.actor.kind !== 'operator') return entry;
  return { ...entry, actor: { kind: 'operator', name: 'Store operator' }, address: null };
}

/** The audit log's readers (docs/decisions/017); the log itself is written only by recordAudit. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/api/organization/activity',
    {
      schema: {
        operationId: 'listOrganizationActivity',
        security: Access.signedIn,
        ...needs('admin'),
        tags: ['audit'],
        summary: "The changes made to the admin's organization, newest first, filtered and paged",
        querystring: ActivityQuerySchema,
        response: { 200: AuditPageSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const page = await audit.list({ ...request.query, organizationId: auth.organization.id });
      return { ...page, items: page.items.map(asCustomerSees) };
    },
  );

  app.get(
    '/api/ops/audit',
    {
      schema: {
        operationId: 'opsListAuditLog',
        security: Access.operator,
        tags: ['operator'],
        summary: 'The audit log of every organization (or one), newest first, filtered and paged',
        querystring: OpsAuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/api/ops/audit.csv',
    {
      schema: {
        operationId: 'opsExportAuditLog',
        security: Access.operator,
        tags: ['operator'],
        summary: 'The audit log as CSV, with the same filters, newest first',
        querystring: OpsAuditExportQuerySchema,
        response: csvResponse('The matching entries (audit-log.csv)'),
      },
    },
    async (request, reply) => sendCsv(reply, 'audit-log.csv', await audit.exportCsv(request.query)),
  );
};
