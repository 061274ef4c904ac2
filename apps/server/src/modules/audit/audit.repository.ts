import { AUDIT_PAGE_SIZE, type AuditActorKind, type AuditEntry, type AuditKind } from '@store/core';
import { and, count, desc, eq, getTableColumns, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, organizations, pricingPlans } from '../../db/schema';

export interface AuditFilter {
  /** Undefined only for the operator's view of every organization. */
  organizationId?: number;
  personId?: number;
  actorKind?: AuditActorKind;
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
  if (filter.actorKind) where.push(eq(auditLog.actorKind, filter.actorKind));
  if (filter.kind) where.push(eq(auditLog.kind, filter.kind));
  if (filter.from) where.push(gte(auditLog.at, dayStart(filter.from)));
  if (filter.to) where.push(lt(auditLog.at, new Date(dayStart(filter.to).getTime() + DAY_MS)));
  return where.length ? and(...where) : undefined;
}

type Entry = typeof auditLog.$inferSelect & { organizationName: string | null };

function toEntry(row: Entry): AuditEntry {
  return {
    auditId: row.id,
    at: row.at.toISOString(),
    organizationId: row.organizationId,
    organizationName: row.organizationName,
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

/** Matching entries, newest first, with their organization's name. */
const entries = (db: DbOrTx, filter: AuditFilter, limit: number, offset: number) =>
  db
    .select({ ...getTableColumns(auditLog), organizationName: organizations.companyName })
    .from(auditLog)
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    .where(conditions(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);

/** One page of entries, newest first, and how many match in all. */
export async function listAudit(db: DbOrTx, filter: AuditFilter) {
  const page = filter.page ?? 1;
  const rows = await entries(db, filter, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(auditLog).where(conditions(filter));
  return { items: rows.map(toEntry), page, pageSize: AUDIT_PAGE_SIZE, total: total?.n ?? 0 };
}

/** Every matching entry up to `limit`, newest first (the console's export). */
export async function allAudit(db: DbOrTx, filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
  return (await entries(db, filter, limit, 0)).map(toEntry);
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
