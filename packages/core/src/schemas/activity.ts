import { z } from 'zod/mini';
import { ApiTokenMessages } from '../api-token-messages';
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
  // Single sign-on (docs/decisions/037): its set-up, claimed domains, sign-ins and refusals.
  'sso.created': 'Single sign-on set up',
  'sso.updated': 'Single sign-on changed',
  'sso.deleted': 'Single sign-on removed',
  'sso.signed-in': 'Signed in through single sign-on',
  'sso.refused': 'Single sign-on refused',
  'sso-domain.created': 'Domain claimed',
  'sso-domain.verified': 'Domain verified',
  'sso-domain.deleted': 'Domain released',
  // The operator's promotion codes (docs/decisions/041) and dunning settings (042).
  'promotion.created': 'Promotion code created',
  'promotion.deactivated': 'Promotion code deactivated',
  'dunning.updated': 'Dunning settings changed',
  // Offline activation by request file (docs/decisions/040): what the License section's uploads did.
  'offline-activation.issued': 'Offline license file issued',
  'offline-activation.released': 'Offline seat released by code',
  'usage-file.accepted': 'Offline usage file uploaded',
} as const;

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as [AuditKind, ...AuditKind[]];

/**
 * Who made a change: a person of the organization, a store operator, the store itself, or one of the
 * organization's API tokens (named by its name; docs/decisions/026).
 */
export const AUDIT_ACTOR_KINDS = ['person', 'operator', 'system', 'api-token'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
/** Who made a change, as the console's filter says it. */
export const AUDIT_ACTOR_KIND_LABELS: Record<AuditActorKind, string> = {
  person: 'A customer',
  operator: 'An operator',
  system: 'The store',
  'api-token': 'An API token',
};

export const AuditActorSchema = z.object({
  kind: z.enum(AUDIT_ACTOR_KINDS),
  personId: z.optional(z.number()),
  name: z.optional(z.string()),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;

export const AuditEntrySchema = z.object({
  auditId: z.number(),
  at: z.string(),
  organizationId: z.nullable(z.number()),
  /** The organization's name now, for the operator's log of every organization. */
  organizationName: z.optional(z.nullable(z.string())),
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
export const dayField = (label: string) =>
  z.optional(z.iso.date(`${label} must be a real date written YYYY-MM-DD`));

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
export const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
export const fromAfterTo = { message: 'from must not be after to', path: ['from'] };

/** A query of these fields filtering by a range of days: strict, and refused when from is after to. */
export const dayRangeQuery = <Shape extends z.core.$ZodLooseShape>(fields: Shape) =>
  z
    .strictObject(fields)
    .check(z.refine((q) => fromNotAfterTo(q as { from?: string; to?: string }), fromAfterTo));

/** The Activity screen's filters (GET /api/organization/activity); dates are whole UTC days, both included. */
export const ActivityQuerySchema = dayRangeQuery(filterFields);
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

const { page: _page, ...exportFields } = filterFields;
const opsFields = {
  ...exportFields,
  organizationId: z.optional(idParam('organizationId')),
  actorKind: z.optional(
    z.enum(AUDIT_ACTOR_KINDS, { error: 'actorKind must be person, operator, system or api-token' }),
  ),
};

/** The operator's view of the same log (GET /api/ops/audit): every organization, or one. */
export const OpsAuditQuerySchema = dayRangeQuery({ ...opsFields, page: filterFields.page });
export type OpsAuditQuery = z.infer<typeof OpsAuditQuerySchema>;

/** GET /api/ops/audit.csv: the same filters, every matching entry at once. */
export const OpsAuditExportQuerySchema = dayRangeQuery(opsFields);
export type OpsAuditExportQuery = z.infer<typeof OpsAuditExportQuerySchema>;

/** Who, as the customer is told it: a person by name, an API token, the store's operator, or the store itself. */
export function auditActorLabel(entry: Pick<AuditEntry, 'actor'>): string {
  if (entry.actor.kind === 'system') return 'The store';
  if (entry.actor.kind === 'api-token') return ApiTokenMessages.activityActor(entry.actor.name ?? '');
  return entry.actor.name ?? (entry.actor.kind === 'operator' ? 'Store operator' : 'Someone not signed in');
}

/** A kind of change in words (AUDIT_KIND_LABELS), or the kind itself for one the log no longer records. */
export const auditKindLabel = (kind: string): string => AUDIT_KIND_LABELS[kind as AuditKind] ?? kind;
