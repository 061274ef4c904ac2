import { z } from 'zod/mini';
import { idParam } from './common';

/**
 * What an audit entry records (docs/decisions/017): one kind per change a person, an operator or the
 * system makes to an organization, a person, a subscription, billing information, a bill, a plan or a
 * product, and one per billing run. The label is what the Activity screen shows and filters by.
 */
export const AUDIT_KIND_LABELS = {
  'organization.registered': 'Organization registered',
  'organization.updated': 'Organization changed',
  'person.created': 'User added',
  'person.updated': 'User changed',
  'person.deleted': 'User deleted',
  'person.email-verified': 'E-mail address verified',
  'person.password-reset': 'Password reset',
  'person.two-factor': 'Two-factor sign-in changed',
  'billing-info.updated': 'Billing information changed',
  'subscription.created': 'Subscription created',
  'subscription.updated': 'Subscription changed',
  'bill.created': 'Bill created',
  'bill.updated': 'Bill changed',
  'refund.created': 'Refund made',
  'refund.updated': 'Refund changed',
  'api-token.created': 'API token created',
  'api-token.revoked': 'API token revoked',
  'webhook.created': 'Webhook endpoint added',
  'webhook.updated': 'Webhook endpoint changed',
  'webhook.deleted': 'Webhook endpoint deleted',
  'plan.created': 'Plan created',
  'plan.updated': 'Plan changed',
  'product.created': 'Product created',
  'product.updated': 'Product changed',
  'billing-run': 'Billing run',
} as const;

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as [AuditKind, ...AuditKind[]];

/**
 * Who made a change: a person of the organization, a store operator, the store itself, or one of the
 * organization's API tokens (named by its name; docs/decisions/026).
 */
export const AuditActorSchema = z.object({
  kind: z.enum(['person', 'operator', 'system', 'api-token']),
  personId: z.optional(z.number()),
  name: z.optional(z.string()),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;

export const AuditEntrySchema = z.object({
  auditId: z.number(),
  at: z.string(),
  organizationId: z.nullable(z.number()),
  actor: AuditActorSchema,
  kind: z.string(),
  subject: z.string(),
  summary: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  address: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE = 25;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** A calendar day that exists (2026-02-30 does not), stated as `format: date` in the API document. */
const dayField = (label: string) => z.optional(z.iso.date(`${label} must be a real date written YYYY-MM-DD`));

const filterFields = {
  personId: z.optional(idParam('personId')),
  kind: z.optional(z.enum(AUDIT_KINDS, { error: 'kind is not a kind of change the log records' })),
  from: dayField('from'),
  to: dayField('to'),
  page: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9][0-9]{0,5}$/, 'page must be a whole number from 1')),
      z.transform(Number),
    ),
  ),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const fromAfterTo = { message: 'from must not be after to', path: ['from'] };

/** The Activity screen's filters (GET /api/organization/activity); dates are whole UTC days, both included. */
export const ActivityQuerySchema = z.strictObject(filterFields).check(z.refine(fromNotAfterTo, fromAfterTo));
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

/** The operator's view of the same log (GET /api/ops/audit): every organization, or one. */
export const OpsAuditQuerySchema = z
  .strictObject({ ...filterFields, organizationId: z.optional(idParam('organizationId')) })
  .check(z.refine(fromNotAfterTo, fromAfterTo));
export type OpsAuditQuery = z.infer<typeof OpsAuditQuerySchema>;
