import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdminSql, persons, webhookEndpoints } from '../../db/schema';

// Webhook endpoints (docs/decisions/027): the one writer of `webhook_endpoints`.

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export async function insertEndpoint(
  db: DbOrTx,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export const listEndpoints = (db: DbOrTx, organizationId: number) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));

export async function findEndpoint(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  return row ?? null;
}

export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow> {
  const [row] = await db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id)).returning();
  return row!;
}

export async function deleteEndpoint(db: DbOrTx, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Disables an endpoint the schedule gave up on; true when this call disabled it (so one mail goes). */
export async function disableFailingEndpoint(db: DbOrTx, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function adminEmails(db: DbOrTx, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ email: persons.email })
    .from(persons)
    .where(and(eq(persons.organizationId, organizationId), isAdminSql()))
    .orderBy(persons.id);
  return rows.map((r) => r.email);
}
