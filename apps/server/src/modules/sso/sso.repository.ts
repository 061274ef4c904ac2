import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ssoAttempts, ssoConfigs, ssoDomains, ssoSamlAssertions } from '../../db/schema';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;
export type SsoAttemptRow = typeof ssoAttempts.$inferSelect;

export async function findConfig(tx: DbOrTx, organizationId: number) {
  const [row] = await tx.select().from(ssoConfigs).where(eq(ssoConfigs.organizationId, organizationId));
  return row ?? null;
}

export async function upsertConfig(tx: DbOrTx, values: typeof ssoConfigs.$inferInsert) {
  const [row] = await tx
    .insert(ssoConfigs)
    .values(values)
    .onConflictDoUpdate({
      target: ssoConfigs.organizationId,
      set: {
        kind: values.kind,
        issuer: values.issuer,
        clientId: values.clientId ?? null,
        clientSecretBox: values.clientSecretBox ?? null,
        samlSsoUrl: values.samlSsoUrl ?? null,
        samlCertificates: values.samlCertificates ?? null,
        samlMetadataUrl: values.samlMetadataUrl ?? null,
        enforced: values.enforced,
        defaultRole: values.defaultRole,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row!;
}

export async function deleteConfig(tx: DbOrTx, organizationId: number) {
  const rows = await tx.delete(ssoConfigs).where(eq(ssoConfigs.organizationId, organizationId)).returning();
  return rows[0] ?? null;
}

export function listDomains(tx: DbOrTx, organizationId: number) {
  return tx
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(asc(ssoDomains.domain));
}

export async function findDomain(tx: DbOrTx, organizationId: number, domain: string) {
  const [row] = await tx
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
  return row ?? null;
}

/** The organization that holds a verified claim on the domain, if one does. */
export async function verifiedClaim(tx: DbOrTx, domain: string) {
  const [row] = await tx
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row ?? null;
}

export async function insertDomain(tx: DbOrTx, values: typeof ssoDomains.$inferInsert) {
  const [row] = await tx.insert(ssoDomains).values(values).returning();
  return row!;
}

export async function verifyDomain(tx: DbOrTx, id: number, by: 'email' | 'operator', now: Date) {
  const [row] = await tx
    .update(ssoDomains)
    .set({ verifiedBy: by, verifiedAt: now })
    .where(eq(ssoDomains.id, id))
    .returning();
  return row!;
}

export async function deleteDomain(tx: DbOrTx, id: number) {
  await tx.delete(ssoDomains).where(eq(ssoDomains.id, id));
}

export async function insertAttempt(tx: DbOrTx, values: typeof ssoAttempts.$inferInsert) {
  await tx.insert(ssoAttempts).values(values);
}

export async function findAttempt(tx: DbOrTx, stateHash: string) {
  const [row] = await tx.select().from(ssoAttempts).where(eq(ssoAttempts.stateHash, stateHash));
  return row ?? null;
}

/** Marks the attempt used; false when another request used it first (a replay racing the first). */
export async function useAttempt(tx: DbOrTx, id: number, now: Date) {
  const rows = await tx
    .update(ssoAttempts)
    .set({ usedAt: now })
    .where(and(eq(ssoAttempts.id, id), isNull(ssoAttempts.usedAt)))
    .returning({ id: ssoAttempts.id });
  return rows.length === 1;
}

export async function setTicket(
  tx: DbOrTx,
  id: number,
  values: { ticketHash: string; personId: number; ticketExpiresAt: Date },
) {
  await tx.update(ssoAttempts).set(values).where(eq(ssoAttempts.id, id));
}

/** Takes the ticket once: the person it signs in, or null when unknown, used or expired. */
export async function takeTicket(tx: DbOrTx, ticketHash: string, now: Date) {
  const [row] = await tx
    .update(ssoAttempts)
    .set({ ticketUsedAt: now })
    .where(
      and(
        eq(ssoAttempts.ticketHash, ticketHash),
        isNull(ssoAttempts.ticketUsedAt),
        sql`${ssoAttempts.ticketExpiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning({ personId: ssoAttempts.personId });
  return row?.personId ?? null;
}

/**
 * Attempts and remembered assertion ids past their life are of no use, not even to tell a replay (a
 * provider's answer is refused once its own validity has ended): housekeeping drops them.
 */
export async function deleteSpentBefore(tx: DbOrTx, before: Date): Promise<number> {
  const attempts = await tx
    .delete(ssoAttempts)
    .where(
      and(
        lt(ssoAttempts.expiresAt, before),
        or(isNull(ssoAttempts.ticketExpiresAt), lt(ssoAttempts.ticketExpiresAt, before)),
      ),
    )
    .returning({ id: ssoAttempts.id });
  const assertions = await tx
    .delete(ssoSamlAssertions)
    .where(lt(ssoSamlAssertions.expiresAt, before))
    .returning({ id: ssoSamlAssertions.assertionId });
  return attempts.length + assertions.length;
}

/** Remembers an accepted assertion id until `until`; false when it was already used (a replay). */
export async function rememberAssertion(
  tx: DbOrTx,
  organizationId: number,
  assertionId: string,
  until: Date,
) {
  const rows = await tx
    .insert(ssoSamlAssertions)
    .values({ organizationId, assertionId, expiresAt: until })
    .onConflictDoNothing()
    .returning({ assertionId: ssoSamlAssertions.assertionId });
  return rows.length === 1;
}
