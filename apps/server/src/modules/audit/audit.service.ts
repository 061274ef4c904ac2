import {
  AUDIT_KIND_LABELS,
  type AuditKind,
  type AuditValueNames,
  auditActorLabel,
  auditKindLabel,
  auditSummary,
  type BillNaming,
  billMention,
  billMentionFirst,
  toCsv,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { type Actor, currentActor } from './actor';
import { type AuditFilter, allAudit, insertEntry, listAudit, planNamesOf } from './audit.repository';
import { changes, subjectOf } from './snapshots';

type Row = Record<string, unknown>;

export interface AuditChange {
  /** The row before the change; omitted for a creation. */
  before?: Row | null;
  /** The row after the change; omitted for a deletion. */
  after?: Row | null;
  /** Named from the row when omitted (a person's name, a company's, "Subscription 12"). */
  subject?: string;
  /** The bill a refund is of: it names the refund, and its invoice number is not on the refund's row. */
  bill?: BillNaming;
  /** Read from the row when omitted; null for the catalogue and billing runs (every organization). */
  organizationId?: number | null;
  /** Names the person of an anonymous request once known (registration, a reset link). */
  actor?: Partial<Actor>;
  /** When, if not now on the current work's clock (the billing engine's own clock). */
  at?: Date;
}

function nameOf(kind: AuditKind, row: Row, change: AuditChange): string {
  switch (subjectOf(kind)) {
    case 'person':
      return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
    case 'organization':
    case 'billing-info':
      return String(row.companyName ?? '');
    case 'subscription':
      // Its name as the screens show it; the id only for one without a name.
      return row.description ? String(row.description) : `Subscription ${row.id}`;
    case 'bill':
      // By the invoice number it has, or takes in this change (a card bill paid): the bill's one name
      // from then on, which the console shows and an operator searches for.
      return billMentionFirst({
        orderId: Number(row.id),
        invoiceNumber: (change.after?.invoiceNumber ?? change.before?.invoiceNumber ?? null) as string | null,
      });
    case 'refund':
      return `Refund of ${billMention(change.bill ?? { orderId: Number(row.orderId) })}`;
    case 'api-token':
      return `API token ${row.name}`;
    case 'webhook':
      return `Webhook endpoint ${row.url}`;
    case 'sso-domain':
      return `Domain ${row.domain}`;
    case 'promotion':
      return `Promotion code ${row.code}`;
    case 'offline-activation':
      return `License file of ${row.hostname}`;
    case 'usage-file':
      return `Usage file of ${row.hostname}`;
    case 'plan':
      return String(row.planName ?? `Plan ${row.id}`);
    case 'product':
      return String(row.title ?? row.name ?? `Product ${row.id}`);
    default:
      return AUDIT_KIND_LABELS[kind];
  }
}

/** Fields that hold a pricing plan's id: the Activity row names the plan, as the editor does. */
const PLAN_FIELDS = ['pricingPlanId', 'pendingPricingPlanId'];

async function planNames(tx: DbOrTx, before: Row | null, after: Row | null): Promise<AuditValueNames> {
  const ids = new Set<number>();
  for (const row of [before, after])
    for (const field of PLAN_FIELDS) if (typeof row?.[field] === 'number') ids.add(row[field] as number);
  if (ids.size === 0) return {};
  const byId = await planNamesOf(tx, [...ids]);
  return Object.fromEntries(PLAN_FIELDS.map((field) => [field, byId]));
}

function organizationOf(kind: AuditKind, row: Row): number | null {
  const subject = subjectOf(kind);
  const id = subject === 'organization' || subject === 'billing-info' ? row.id : row.organizationId;
  return typeof id === 'number' ? id : null;
}

/**
 * Records one change in the audit log, inside the transaction that makes it (docs/decisions/017):
 * if the change rolls back, so does its entry. The actor and address are the current request's (or
 * the operator tool's, or the store's); only the allowed fields of before and after are kept.
 */
export async function recordAudit(tx: DbOrTx, kind: AuditKind, change: AuditChange): Promise<void> {
  const row = change.after ?? change.before ?? {};
  const current = currentActor();
  const actor = { ...current.actor, ...change.actor };
  const { before, after } = changes(kind, change.before, change.after);
  // Named as it was before the change (a rename reads from the old name to the new one).
  const subject = change.subject ?? nameOf(kind, change.before ?? row, change);
  // The kind is said beside it (its label); the summary says what changed in the screens' words.
  const names = before && after ? await planNames(tx, before, after) : {};
  const summary = auditSummary(subjectOf(kind), subject, { before, after }, names);
  await insertEntry(tx, {
    at: change.at ?? current.at,
    organizationId: change.organizationId === undefined ? organizationOf(kind, row) : change.organizationId,
    actorKind: actor.kind,
    actorPersonId: actor.personId ?? null,
    actorName: actor.name ?? null,
    kind,
    subject,
    summary,
    before,
    after,
    address: actor.address,
  });
}

/** The most rows one export holds: a spreadsheet's comfortable size; narrow the dates for more. */
export const AUDIT_EXPORT_LIMIT = 50_000;

/** The audit log's readers (docs/decisions/017): an organization's Activity and the operator's log. */
export function createAuditService({ db }: Pick<AppDeps, 'db'>) {
  return {
    list: (filter: AuditFilter) => listAudit(db, filter),

    /** The operator's log as CSV, newest first, in the console's words (its Audit log screen). */
    async exportCsv(filter: Omit<AuditFilter, 'page'>): Promise<string> {
      const rows = await allAudit(db, filter, AUDIT_EXPORT_LIMIT);
      return toCsv(
        ['When (UTC)', 'Organization id', 'Organization', 'Who', 'Address', 'What', 'Subject', 'Summary'],
        rows.map((e) => [
          e.at,
          e.organizationId,
          e.organizationName,
          auditActorLabel(e),
          e.address,
          auditKindLabel(e.kind),
          e.subject,
          e.summary,
        ]),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
