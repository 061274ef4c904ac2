import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditKind } from '@store/core';
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, pricingPlans } from '../../db/schema';

export interface AuditFilter {
  /** Undefined only for the operator's view of every organization. */
  organizationId?: number;
  personId?: number;
  kind?: AuditKind;
  /** Whole UTC days, both included. */
  from?: string;
  to?: string;
  page?: number;
}

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

function conditions(filter: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.organizationId !== undefined) where.push(eq(auditLog.organizationId, filter.organizationId));
  if (filter.personId !== undefined) where.push(eq(auditLog.actorPersonId, filter.personId));
  if (filter.kind) where.push(eq(auditLog.kind, filter.kind));
  if (filter.from) where.push(gte(auditLog.at, dayStart(filter.from)));
  if (filter.to) where.push(lt(auditLog.at, new Date(dayStart(filter.to).getTime() + DAY_MS)));
  return where.length ? and(...where) : undefined;
}

type Entry = typeof auditLog.$inferSelect;

function toEntry(row: Entry): AuditEntry {
  return {
    auditId: row.id,
    at: row.at.toISOString(),
    organizationId: row.organizationId,
    actor: {
      kind: row.actorKind,
      ...(row.actorPersonId !== null ? { personId: row.actorPersonId } : {}),
      ...(row.actorName !== null ? { name: row.actorName } : {}),
    },
    kind: row.kind,
    subject: row.subject,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
    address: row.address,
  };
}

/** One page of entries, newest first, and how many match in all. */
export async function listAudit(db: DbOrTx, filter: AuditFilter) {
  const page = filter.page ?? 1;
  const where = conditions(filter);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { items: rows.map(toEntry), page, pageSize: AUDIT_PAGE_SIZE, total: total?.n ?? 0 };
}

export async function insertEntry(tx: DbOrTx, entry: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

/** The names of these pricing plans by id (as text): an entry names a plan as the editor does. */
export async function planNamesOf(tx: DbOrTx, ids: number[]): Promise<Record<string, string>> {
  const plans = await tx
    .select({ id: pricingPlans.id, planName: pricingPlans.planName })
    .from(pricingPlans)
    .where(inArray(pricingPlans.id, ids));
  return Object.fromEntries(plans.map((p) => [String(p.id), p.planName]));
}
